import type { SurveyState } from '@graphium/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { surveys, templates } from '../../db/schema/index.js';

/** Whether the workspace has this template (a filter on another workspace's template answers 404). */
export async function hasWorkspaceTemplate(db: Executor, workspaceId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.workspaceId, workspaceId)));
  return row !== undefined;
}

/**
 * The workspace's surveys sent, newest first, after the cursor (the previous page's last `sent_at`
 * as PostgreSQL's text, and id): keyset paging on `surveys_workspace_id_sent_at_idx`.
 */
export async function findSendsAfter(
  db: Executor,
  workspaceId: string,
  filters: { templateId?: string | undefined; state?: SurveyState | undefined },
  after: { sentAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: surveys.id,
      templateId: surveys.templateId,
      templateVersionId: surveys.templateVersionId,
      templateName: templates.name,
      state: surveys.state,
      contactMethods: surveys.contactMethods,
      contactId: surveys.contactId,
      sentAt: surveys.sentAt,
      firstOpenedAt: surveys.firstOpenedAt,
      completedAt: surveys.completedAt,
      expiresAt: surveys.expiresAt,
      cursorSentAt: sql<string>`${surveys.sentAt}::text`,
    })
    .from(surveys)
    .innerJoin(templates, eq(templates.id, surveys.templateId))
    .where(
      and(
        eq(surveys.workspaceId, workspaceId),
        filters.templateId ? eq(surveys.templateId, filters.templateId) : undefined,
        filters.state ? eq(surveys.state, filters.state) : undefined,
        after
          ? sql`(${surveys.sentAt}, ${surveys.id}) < (${after.sentAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(surveys.sentAt), desc(surveys.id))
    .limit(limit);
}
