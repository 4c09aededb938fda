import type { RespondentSurvey, TemplateKind } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import { findLogoUrl } from '../logo/logo.service.js';
import { listIdsOf } from '../templates/template-versions.service.js';
import { getTemplateVersion } from '../templates/templates.service.js';
import { buildRespondentSurvey, welcomeMinutes } from './respondent-view.service.js';

/**
 * `GET /survey-templates/{id}/preview` (decision 022): the respondent page's survey for a version,
 * drafts included, as a freshly sent survey would read it, built by the respondent GET's own
 * builder. Nothing is written: no survey, no opening, no outbox row. Properties hold no values, so
 * each `[token]` reads `‹Label›` as in the editor's "Respondents read"; the survey id is the
 * version's. Who may read the version (its workspace's members; the provider's base templates as
 * their read routes allow) may preview it, anyone else gets the version's 404.
 */
export async function previewTemplateVersion(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
): Promise<RespondentSurvey> {
  const version = await getTemplateVersion(ctx, actor, kind, versionId);
  const { definition } = version;
  const [lists, logoUrl] = await Promise.all([
    loadListLookup(ctx.db, actor.workspaceId, listIdsOf(definition, 'questions')),
    findLogoUrl(ctx, actor.customerId),
  ]);
  return buildRespondentSurvey({
    surveyId: version.versionId,
    surveyState: 'SENT',
    lists,
    templateName: version.name,
    definition,
    tokens: Object.fromEntries(
      definition.properties.map((property) => [property.label, `‹${property.label}›`]),
    ),
    estimatedMinutes: welcomeMinutes(definition, version.settings.showEstimatedTime),
    logoUrl,
    responses: {},
  });
}
