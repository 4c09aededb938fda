import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactSegments, recurringSends, templates, workspaces } from '../../db/schema/index.js';

export type RecurringSendRow = typeof recurringSends.$inferSelect;

const withNames = {
  row: recurringSends,
  templateName: templates.name,
  segmentName: contactSegments.name,
};

/** The workspace's recurring sends with their template's and segment's names, newest first. */
export async function findRecurringSends(db: Executor, workspaceId: string) {
  return db
    .select(withNames)
    .from(recurringSends)
    .innerJoin(templates, eq(templates.id, recurringSends.templateId))
    .innerJoin(contactSegments, eq(contactSegments.id, recurringSends.segmentId))
    .where(eq(recurringSends.workspaceId, workspaceId))
    .orderBy(desc(recurringSends.createdAt), asc(recurringSends.id));
}
export type RecurringSendWithNames = Awaited<ReturnType<typeof findRecurringSends>>[number];

export async function findRecurringSend(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select(withNames)
    .from(recurringSends)
    .innerJoin(templates, eq(templates.id, recurringSends.templateId))
    .innerJoin(contactSegments, eq(contactSegments.id, recurringSends.segmentId))
    .where(and(eq(recurringSends.workspaceId, workspaceId), eq(recurringSends.id, id)));
  return row;
}

export async function insertRecurringSend(
  db: Executor,
  row: typeof recurringSends.$inferInsert,
): Promise<RecurringSendRow> {
  const [inserted] = await db.insert(recurringSends).values(row).returning();
  return inserted!;
}

/** Changes a schedule's status and next run, and its segment and cadence when given. */
export async function changeRecurringSend(
  db: Executor,
  workspaceId: string,
  id: string,
  fields: Pick<RecurringSendRow, 'status' | 'nextRunAt' | 'updatedAt'> &
    Partial<Pick<RecurringSendRow, 'segmentId' | 'every' | 'period' | 'sendTime'>>,
): Promise<boolean> {
  const rows = await db
    .update(recurringSends)
    .set(fields)
    .where(and(eq(recurringSends.workspaceId, workspaceId), eq(recurringSends.id, id)))
    .returning({ id: recurringSends.id });
  return rows.length > 0;
}

export async function deleteRecurringSend(db: Executor, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(recurringSends)
    .where(and(eq(recurringSends.workspaceId, workspaceId), eq(recurringSends.id, id)))
    .returning({ id: recurringSends.id });
  return rows.length > 0;
}

/** Active recurring sends whose run is due, oldest due first. */
export async function findDueRecurringSends(
  db: Executor,
  now: Date,
  limit: number,
): Promise<RecurringSendRow[]> {
  return db
    .select()
    .from(recurringSends)
    .where(
      and(
        eq(recurringSends.status, 'active'),
        lte(recurringSends.nextRunAt, now),
        // A workspace waiting to be deleted sends nothing (decision 044).
        sql`not exists (select 1 from ${workspaces} w where w.id = ${recurringSends.workspaceId} and w.deletion_due_at is not null)`,
      ),
    )
    .orderBy(asc(recurringSends.nextRunAt))
    .limit(limit);
}

/**
 * Claims the run due at `due`: moves the next run on, if nobody did meanwhile (another worker, a
 * pause); false when the run is not this caller's.
 */
export async function claimRun(db: Executor, id: string, due: Date, next: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(recurringSends)
    .set({ nextRunAt: next, lastRunAt: now, updatedAt: now })
    .where(
      and(
        eq(recurringSends.id, id),
        eq(recurringSends.status, 'active'),
        sql`${recurringSends.nextRunAt} = ${due.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: recurringSends.id });
  return rows.length > 0;
}

export async function recordRun(
  db: Executor,
  id: string,
  outcome: { lastResult: RecurringSendRow['lastResult']; lastError: string | null },
): Promise<void> {
  await db.update(recurringSends).set(outcome).where(eq(recurringSends.id, id));
}

/** Gives a failed run back: due again at `due` unless the schedule changed since. */
export async function releaseRun(db: Executor, id: string, due: Date, next: Date): Promise<void> {
  await db
    .update(recurringSends)
    .set({ nextRunAt: due })
    .where(
      and(eq(recurringSends.id, id), sql`${recurringSends.nextRunAt} = ${next.toISOString()}::timestamptz`),
    );
}
