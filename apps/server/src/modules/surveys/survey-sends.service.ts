import { type SurveySend, type SurveySendsQuery, surveySendsQuerySchema } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { type CursorKeyPart, type CursorPage, cutPage } from '../../cursor.js';
import { notFound } from '../../errors.js';
import { templateNotFoundMessages } from '../templates/templates.service.js';
import { findSendsAfter, hasWorkspaceTemplate } from './survey-sends.repository.js';

/** The parts of the sends list's cursor: the survey's sending time and id. */
export const sendsCursorKey = ['time', 'id'] as const satisfies readonly CursorKeyPart[];

const firstPage: CursorPage = { after: undefined, limit: 25 };

/**
 * `GET /sends` (`sends:read` on /api/v1, docs/decisions/047-connect-gaps.md): the surveys sent,
 * newest first, with their state, by cursor; optionally of one template or in one state.
 */
export async function listSurveySends(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: SurveySendsQuery,
  page: CursorPage = firstPage,
): Promise<{ sends: SurveySend[]; next: string | null }> {
  const filters = surveySendsQuerySchema.parse(query);
  if (
    filters.surveyTemplateId &&
    !(await hasWorkspaceTemplate(ctx.db, actor.workspaceId, filters.surveyTemplateId))
  ) {
    throw notFound(templateNotFoundMessages.survey);
  }
  const [sentAt, id] = page.after ?? [];
  const rows = await findSendsAfter(
    ctx.db,
    actor.workspaceId,
    { templateId: filters.surveyTemplateId, state: filters.surveyState },
    sentAt && id ? { sentAt, id } : undefined,
    page.limit + 1,
  );
  const cut = cutPage(rows, page, (row) => [row.cursorSentAt, row.id]);
  return {
    sends: cut.rows.map((row) => ({
      surveyId: row.id,
      surveyTemplateId: row.templateId,
      surveyTemplateVersionId: row.templateVersionId,
      surveyTemplateName: row.templateName,
      surveyState: row.state,
      surveyContactMethods: row.contactMethods,
      contactId: row.contactId,
      sentAt: row.sentAt.toISOString(),
      firstOpenedAt: row.firstOpenedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
    })),
    next: cut.next,
  };
}
