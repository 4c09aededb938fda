import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';

// Removing a deleted workspace's data (docs/decisions/044-retention-and-deletions.md), a batch of
// rows per statement, each statement its own short transaction: no lock is held for long, and a
// purge that stops halfway goes on where it was the next time.

interface PurgeStep {
  table: PgTable;
  /** Which of the table's rows belong to the workspace. */
  where: (workspaceId: string) => SQL;
}

const ofWorkspace = (workspaceId: string) => sql`workspace_id = ${workspaceId}::uuid`;
const step = (table: PgTable, where: PurgeStep['where'] = ofWorkspace): PurgeStep => ({ table, where });

/**
 * Every table that holds a workspace's rows, children before what they point at. A table added
 * later that points at a workspace's rows makes the purge test fail until it is listed here.
 */
const purgeSteps: PurgeStep[] = [
  step(
    schema.webhookAttempts,
    (id) => sql`delivery_id in (select d.id from webhook_deliveries d where d.workspace_id = ${id}::uuid)`,
  ),
  step(schema.webhookDeliveries),
  step(schema.webhookEvents),
  step(schema.webhooks),
  step(schema.textAnswerAnalyses),
  step(schema.textSentimentStats),
  step(schema.textTermStats),
  step(schema.reminderSends),
  step(schema.reminderContactDays),
  step(schema.reportDigestSends),
  step(schema.reportSubscriptions),
  step(
    schema.caseEvents,
    (id) => sql`case_id in (select c.id from cases c where c.workspace_id = ${id}::uuid)`,
  ),
  step(schema.cases),
  step(schema.outboxMessages),
  step(schema.surveyAlerts),
  // The aggregates, its rows in the cross-workspace benchmark sums included.
  step(schema.responseTemplateStats),
  step(schema.responseQuestionStats),
  step(schema.responseAnswerStats),
  step(schema.responseWeeklyStats),
  step(schema.responseBenchmarkStats),
  step(schema.responseDailyStats),
  step(schema.responseSegmentStats),
  step(schema.responseDailyStatsZones),
  step(schema.surveys),
  step(schema.publicLinks),
  step(schema.recurringSends),
  step(schema.contactSegments),
  step(schema.contactImports),
  step(schema.contactAttributes),
  step(schema.contacts),
  step(schema.contactSettings),
  step(
    schema.reminderSettingsSync,
    (id) => sql`template_version_id in (select v.id from template_versions v
      join templates t on t.id = v.template_id where t.workspace_id = ${id}::uuid)`,
  ),
  step(
    schema.templateVersions,
    (id) => sql`template_id in (select t.id from templates t where t.workspace_id = ${id}::uuid)`,
  ),
  step(schema.templates),
  step(
    schema.listItems,
    (id) => sql`list_id in (select l.id from lists l where l.workspace_id = ${id}::uuid)`,
  ),
  step(
    schema.listProperties,
    (id) => sql`list_id in (select l.id from lists l where l.workspace_id = ${id}::uuid)`,
  ),
  step(schema.lists),
  step(schema.suppressedContacts),
  step(schema.notificationSettings),
  step(schema.workspaceInvitations),
  step(schema.workspaceMembers),
  step(schema.workspaceRetention),
];

/** Deletes up to `batchSize` rows of `table` matching `where`; answers how many went. */
async function deleteBatch(db: Executor, table: PgTable, where: SQL, batchSize: number): Promise<number> {
  const [row] = await rowsOf<{ removed: number }>(
    db,
    sql`with gone as (
      delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${batchSize}))
      returning 1
    ) select count(*)::int as removed from gone`,
  );
  return row?.removed ?? 0;
}

/** Deletes every row matching `where`, a batch per statement; answers how many went. */
async function deleteInBatches(db: Executor, table: PgTable, where: SQL, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deleteBatch(db, table, where, batchSize);
    total += removed;
    if (removed < batchSize) return total;
  }
}

/**
 * Removes all the workspace's rows, then the workspace, then its customer's when the customer has
 * no other workspace; answers the rows removed by table (those with none left out).
 */
export async function purgeWorkspaceRows(
  db: Executor,
  workspaceId: string,
  batchSize: number,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  const count = (table: PgTable, rows: number) => {
    if (rows > 0) removed[getTableName(table)] = (removed[getTableName(table)] ?? 0) + rows;
  };
  for (const { table, where } of purgeSteps) {
    count(table, await deleteInBatches(db, table, where(workspaceId), batchSize));
  }
  await db.transaction(async (tx) => {
    const [workspace] = await rowsOf<{ customerId: string }>(
      tx,
      sql`delete from workspaces where id = ${workspaceId}::uuid returning customer_id as "customerId"`,
    );
    if (!workspace) return;
    count(schema.workspaces, 1);
    const customerId = workspace.customerId;
    const [others] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from workspaces where customer_id = ${customerId}::uuid`,
    );
    if ((others?.n ?? 0) > 0) return;
    const ofCustomer = sql`customer_id = ${customerId}::uuid`;
    count(
      schema.idempotencyKeys,
      await deleteBatch(
        tx,
        schema.idempotencyKeys,
        sql`api_key_id in (select k.id from api_keys k where k.customer_id = ${customerId}::uuid)`,
        1_000_000,
      ),
    );
    count(schema.apiKeys, await deleteBatch(tx, schema.apiKeys, ofCustomer, 1_000_000));
    count(schema.logos, await deleteBatch(tx, schema.logos, ofCustomer, 1_000_000));
    count(schema.customers, await deleteBatch(tx, schema.customers, sql`id = ${customerId}::uuid`, 1));
  });
  return removed;
}

/** Workspaces whose grace period has ended, oldest first. */
export async function findWorkspacesDueForPurge(db: Executor, now: Date, limit: number) {
  return rowsOf<{ id: string; name: string; customerId: string }>(
    db,
    sql`select id, name, customer_id as "customerId" from workspaces
      where deletion_due_at <= ${now.toISOString()}::timestamptz
      order by deletion_due_at limit ${limit}`,
  );
}
