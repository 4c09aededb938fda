import type { RetentionRunReport, RetentionSettingsInput } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { workspaceRetention } from '../../db/schema/index.js';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function findRetention(db: Executor, workspaceId: string) {
  const [row] = await rowsOf<{
    responseMonths: number | null;
    unansweredSurveyDays: number | null;
    outboxBodyDays: number;
    lastRunAt: string | Date | null;
    lastRunReport: RetentionRunReport | null;
  }>(
    db,
    sql`select response_months as "responseMonths", unanswered_survey_days as "unansweredSurveyDays",
        outbox_body_days as "outboxBodyDays", last_run_at as "lastRunAt", last_run_report as "lastRunReport"
      from workspace_retention where workspace_id = ${workspaceId}::uuid`,
  );
  return row;
}

export async function upsertRetention(
  db: Executor,
  workspaceId: string,
  settings: RetentionSettingsInput,
  now: Date,
): Promise<void> {
  await db
    .insert(workspaceRetention)
    .values({ workspaceId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: workspaceRetention.workspaceId, set: { ...settings, updatedAt: now } });
}

export async function recordRetentionRun(
  db: Executor,
  workspaceId: string,
  report: RetentionRunReport,
  now: Date,
): Promise<void> {
  await db
    .insert(workspaceRetention)
    .values({ workspaceId, lastRunAt: now, lastRunReport: report })
    .onConflictDoUpdate({
      target: workspaceRetention.workspaceId,
      set: { lastRunAt: now, lastRunReport: report },
    });
}

/** The workspaces in use (not waiting to be deleted), with their retention or the defaults. */
export async function findWorkspacesToRetain(db: Executor, defaultOutboxBodyDays: number) {
  return rowsOf<{
    workspaceId: string;
    responseMonths: number | null;
    unansweredSurveyDays: number | null;
    outboxBodyDays: number;
  }>(
    db,
    sql`select w.id as "workspaceId", r.response_months as "responseMonths",
        r.unanswered_survey_days as "unansweredSurveyDays",
        coalesce(r.outbox_body_days, ${defaultOutboxBodyDays}) as "outboxBodyDays"
      from workspaces w left join workspace_retention r on r.workspace_id = w.id
      where w.deletion_due_at is null order by w.created_at, w.id`,
  );
}

/**
 * The next batch of the workspace's surveys that someone answered (in progress or complete) and
 * that were sent and last answered before `before`, oldest first.
 */
export async function findOldAnsweredSurveys(
  db: Executor,
  workspaceId: string,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from surveys
      where workspace_id = ${workspaceId}::uuid and sent_at < ${at(before)}
        and state in ('IN_PROGRESS', 'COMPLETE') and coalesce(completed_at, updated_at) < ${at(before)}
      order by sent_at limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** The next batch of the workspace's surveys nobody answered, sent before `before`, oldest first. */
export async function findOldUnansweredSurveys(
  db: Executor,
  workspaceId: string,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from surveys
      where workspace_id = ${workspaceId}::uuid and sent_at < ${at(before)} and state in ('SENT', 'OPENED')
      order by sent_at limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Erases the texts of up to `limit` messages of the workspace (null: of no workspace) written before
 * `before` and no longer waiting to leave; answers how many. The row stays as delivery history.
 */
export async function eraseOutboxBodies(
  db: Executor,
  workspaceId: string | null,
  before: Date,
  limit: number,
): Promise<number> {
  const ofWorkspace =
    workspaceId === null ? sql`workspace_id is null` : sql`workspace_id = ${workspaceId}::uuid`;
  const [row] = await rowsOf<{ erased: number }>(
    db,
    sql`with erased as (
      update outbox_messages set text_body = '', html_body = null, attachments = null, updated_at = now()
      where id in (
        select id from outbox_messages
        where ${ofWorkspace} and text_body <> '' and created_at < ${at(before)}
          and status in ('sent', 'failed', 'skipped')
        limit ${limit}
      )
      returning 1
    ) select count(*)::int as erased from erased`,
  );
  return row?.erased ?? 0;
}
