import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import type { NewSurveyRow } from './surveys.repository.js';

// The surveys of public links (docs/decisions/024-public-links.md): the reads their limits and
// counts need, on the partial indexes over `source_link_id`.

export async function insertLinkSurveyRows(
  db: Executor,
  rows: (NewSurveyRow & { id: string })[],
): Promise<void> {
  if (rows.length > 0) await db.insert(surveys).values(rows);
}

/** The insert of surveys that answers their templates and workspaces, to run inside a counting statement. */
export function insertLinkSurveysReturningTemplates(db: Executor, rows: (NewSurveyRow & { id: string })[]) {
  return db
    .insert(surveys)
    .values(rows)
    .returning({ templateId: surveys.templateId, workspaceId: surveys.workspaceId, sentAt: surveys.sentAt });
}

export async function findLinkSurvey(db: Executor, linkId: string, surveyId: string) {
  const [row] = await db
    .select({ state: surveys.state, expiresAt: surveys.expiresAt })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.sourceLinkId, linkId)));
  return row;
}

export async function countLinkSurveysSince(db: Executor, linkId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(surveys)
    .where(and(eq(surveys.sourceLinkId, linkId), gte(surveys.createdAt, since)));
  return row?.count ?? 0;
}

/** Whether the link has a completed survey for one of these contact methods (jsonb containment). */
export async function hasCompletedLinkSurveyFor(
  db: Executor,
  linkId: string,
  contactMethods: readonly object[],
): Promise<boolean> {
  for (const method of contactMethods) {
    const [row] = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(
        and(
          eq(surveys.sourceLinkId, linkId),
          eq(surveys.state, 'COMPLETE'),
          sql`${surveys.contactMethods} @> ${JSON.stringify([method])}::jsonb`,
        ),
      )
      .limit(1);
    if (row) return true;
  }
  return false;
}

export async function countLinkSurveysByState(db: Executor, linkIds: string[]) {
  if (linkIds.length === 0) return [];
  return db
    .select({
      linkId: sql<string>`${surveys.sourceLinkId}`,
      started: sql<number>`count(*) filter (where ${surveys.state} in ('IN_PROGRESS', 'COMPLETE'))::int`,
      completed: sql<number>`count(*) filter (where ${surveys.state} = 'COMPLETE')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(surveys)
    .where(inArray(surveys.sourceLinkId, linkIds))
    .groupBy(surveys.sourceLinkId);
}

/** Deletes link surveys created before `before` that were never answered; answers their templates. */
export async function deleteUnansweredLinkSurveys(db: Executor, before: Date, limit: number) {
  return db
    .delete(surveys)
    .where(
      inArray(
        surveys.id,
        db
          .select({ id: surveys.id })
          .from(surveys)
          .where(
            and(
              isNotNull(surveys.sourceLinkId),
              inArray(surveys.state, ['SENT', 'OPENED']),
              lt(surveys.createdAt, before),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ templateId: surveys.templateId, workspaceId: surveys.workspaceId, sentAt: surveys.sentAt });
}
