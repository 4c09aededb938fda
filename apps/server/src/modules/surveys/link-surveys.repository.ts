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

/** A survey a public link creates: nobody sent it, so it has no reminder time. */
export interface LinkSurveyRow {
  id: string;
  workspaceId: string;
  templateId: string;
  templateVersionId: string;
  sourceLinkId: string;
  contactMethods: unknown[];
  properties: Record<string, unknown>;
  sentAt: Date;
  expiresAt: Date;
  /** The link's maximum of completed responses: the row is not inserted once it is reached. */
  completedUpTo: number | null;
  contactId: string | null;
}

/**
 * The insert of link surveys that answers their ids, templates, workspaces and sending times, to
 * run inside a counting statement. A row whose link has a maximum is inserted only while the
 * link's completed surveys (counted no further than the maximum) are fewer: the statement's one
 * snapshot serves every row of the batch, so each sees every completion committed before the
 * batch was sent. The rows travel as one JSON parameter: building a many-row insert value by value
 * cost the link start more time than the database spent on it.
 */
export function insertLinkSurveysReturningTemplates(rows: readonly LinkSurveyRow[]) {
  const json = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      workspace_id: row.workspaceId,
      template_id: row.templateId,
      template_version_id: row.templateVersionId,
      source_link_id: row.sourceLinkId,
      contact_methods: row.contactMethods,
      properties: row.properties,
      sent_at: row.sentAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      up_to: row.completedUpTo,
      contact_id: row.contactId,
    })),
  );
  return sql`insert into ${surveys} (id, workspace_id, template_id, template_version_id, source_link_id,
      state, contact_methods, properties, responses, sent_at, expires_at, next_reminder_at, contact_id,
      created_at, updated_at)
    with r as (select * from jsonb_to_recordset(${json}::jsonb) as r(id uuid, workspace_id uuid,
        template_id uuid, template_version_id uuid, source_link_id uuid, contact_methods jsonb,
        properties jsonb, sent_at timestamptz, expires_at timestamptz, up_to int, contact_id uuid)),
      -- Each link with a maximum counted once for the batch, however many of its visitors it holds.
      counted as (select l.source_link_id, l.up_to, (select count(*) from (select 1 from ${surveys} as done
          where done.source_link_id = l.source_link_id and done.state = 'COMPLETE' limit l.up_to) as c) as completed
        from (select distinct source_link_id, up_to from r where up_to is not null) as l)
    select r.id, r.workspace_id, r.template_id, r.template_version_id, r.source_link_id,
      'SENT', r.contact_methods, r.properties, '{}'::jsonb, r.sent_at, r.expires_at, null, r.contact_id,
      r.sent_at, r.sent_at
    from r left join counted on counted.source_link_id = r.source_link_id and counted.up_to = r.up_to
    where r.up_to is null or counted.completed < r.up_to
    returning id, template_id, workspace_id, sent_at`;
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

/**
 * The completed surveys of several links, each counted no further than its `upTo` (enough to
 * compare with a maximum), in one statement: concurrent starts share it.
 */
export async function countCompletedLinkSurveysUpTo(
  db: Executor,
  links: readonly { linkId: string; upTo: number }[],
): Promise<Map<string, number>> {
  const json = JSON.stringify(links.map((link) => ({ link_id: link.linkId, up_to: link.upTo })));
  const result = (await db.execute(sql`select l.link_id as "linkId",
      (select count(*)::int from (select 1 from ${surveys}
        where ${surveys.sourceLinkId} = l.link_id and ${surveys.state} = 'COMPLETE'
        limit l.up_to) as completed) as count
    from jsonb_to_recordset(${json}::jsonb) as l(link_id uuid, up_to int)`)) as unknown as {
    rows: { linkId: string; count: number }[];
  };
  return new Map(result.rows.map((row) => [row.linkId, Number(row.count)]));
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
