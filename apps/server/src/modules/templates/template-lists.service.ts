import { surveyDefinitionSchema, type TemplateKind, type TemplateSummaryModel } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { type CursorKeyPart, type CursorPage, cutPage } from '../../cursor.js';
import {
  countCompletedSurveys,
  countTemplatesCreatedFromBases,
  findTemplateSummaries,
  findTemplateSummaryPage,
  type TemplateSummaryRow,
} from './templates.repository.js';
import { isProvider } from './templates.service.js';

// The template lists: the web app's (every template, last changed first) and the /api/v1 one
// (pages by cursor, newest created first; docs/decisions/037-public-api-v1.md).

export async function listTemplates(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
): Promise<TemplateSummaryModel[]> {
  const rows =
    kind === 'survey'
      ? await findTemplateSummaries(ctx.db, 'survey', { workspaceId: actor.workspaceId })
      : ctx.providerWorkspaceId
        ? await findTemplateSummaries(ctx.db, 'base', {
            workspaceId: ctx.providerWorkspaceId,
            publishedOnly: !isProvider(ctx, actor),
          })
        : [];
  return toSummaries(ctx, kind, rows);
}

/** The parts of a template list's cursor: the template's creation time and id. */
export const templateCursorKey = ['time', 'id'] as const satisfies readonly CursorKeyPart[];

/**
 * A page of the workspace's survey templates, newest created first (docs/decisions/037-public-api-v1.md):
 * the /api/v1 list. Base templates are the provider's and have no v1 list.
 */
export async function listTemplatesPage(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  page: CursorPage,
): Promise<{ items: TemplateSummaryModel[]; next: string | null }> {
  if (kind !== 'survey') return { items: [], next: null };
  const [createdAt, id] = page.after ?? [];
  const after = createdAt && id ? { createdAt, id } : undefined;
  const rows = await findTemplateSummaryPage(ctx.db, 'survey', actor.workspaceId, after, page.limit + 1);
  const cut = cutPage(rows, page, (row) => [row.cursorCreatedAt, row.template.id]);
  return { items: await toSummaries(ctx, kind, cut.rows), next: cut.next };
}

async function toSummaries(
  ctx: AppContext,
  kind: TemplateKind,
  rows: TemplateSummaryRow[],
): Promise<TemplateSummaryModel[]> {
  const templateIds = rows.map((row) => row.template.id);
  const usage = kind === 'base' ? await countTemplatesCreatedFromBases(ctx.db, templateIds) : new Map();
  const responses = kind === 'survey' ? await countCompletedSurveys(ctx.db, templateIds) : new Map();
  return rows.map(({ template, version }) => ({
    templateId: template.id,
    versionId: version.id,
    name: template.name,
    description: template.description,
    state: version.state,
    updatedAt: version.updatedAt.toISOString(),
    questionCount: surveyDefinitionSchema.parse(version.definition).questions.length,
    count: (kind === 'survey' ? responses : usage).get(template.id) ?? 0,
  }));
}
