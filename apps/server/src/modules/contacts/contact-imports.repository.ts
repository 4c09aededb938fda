import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactImports } from '../../db/schema/index.js';

export type ContactImportRow = typeof contactImports.$inferSelect;

export async function insertImport(
  db: Executor,
  row: Pick<
    ContactImportRow,
    | 'workspaceId'
    | 'fileName'
    | 'csv'
    | 'headers'
    | 'totalRows'
    | 'createdByAccountId'
    | 'createdAt'
    | 'updatedAt'
  >,
): Promise<ContactImportRow> {
  const [inserted] = await db.insert(contactImports).values(row).returning();
  return inserted!;
}

/** An import of the workspace, without its file (the progress calls read it every second). */
export async function findImport(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select({
      id: contactImports.id,
      status: contactImports.status,
      fileName: contactImports.fileName,
      headers: contactImports.headers,
      mapping: contactImports.mapping,
      totalRows: contactImports.totalRows,
      processedRows: contactImports.processedRows,
      createdCount: contactImports.createdCount,
      updatedCount: contactImports.updatedCount,
      rejectedCount: contactImports.rejectedCount,
      rejectedRows: contactImports.rejectedRows,
      createdAt: contactImports.createdAt,
      finishedAt: contactImports.finishedAt,
      failureReason: contactImports.failureReason,
    })
    .from(contactImports)
    .where(and(eq(contactImports.workspaceId, workspaceId), eq(contactImports.id, id)));
  return row;
}
export type ContactImportSummary = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/** The whole import, file included, for the job. */
export async function findImportForJob(db: Executor, id: string): Promise<ContactImportRow | undefined> {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id));
  return row;
}

/** uploaded → running with this mapping; false when it was not waiting to start. */
export async function markImportRunning(
  db: Executor,
  workspaceId: string,
  id: string,
  mapping: Record<string, string>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({ status: 'running', mapping, updatedAt: now })
    .where(
      and(
        eq(contactImports.workspaceId, workspaceId),
        eq(contactImports.id, id),
        eq(contactImports.status, 'uploaded'),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

/**
 * failed → running again (decision 047): the counts and the report stay, so the job goes on from
 * the rows already written; false when the import had not failed after starting.
 */
export async function markImportRetried(db: Executor, workspaceId: string, id: string, now: Date) {
  const rows = await db
    .update(contactImports)
    .set({ status: 'running', attempts: 0, failureReason: null, finishedAt: null, updatedAt: now })
    .where(
      and(
        eq(contactImports.workspaceId, workspaceId),
        eq(contactImports.id, id),
        eq(contactImports.status, 'failed'),
        isNotNull(contactImports.mapping),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

/** Counts a run of the job on a running import: the runs so far, undefined when it is not running. */
export async function countImportAttempt(db: Executor, id: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(contactImports)
    .set({ attempts: sql`${contactImports.attempts} + 1`, updatedAt: now })
    .where(and(eq(contactImports.id, id), eq(contactImports.status, 'running')))
    .returning({ attempts: contactImports.attempts });
  return row?.attempts;
}

/** A running import ends failed, with why. */
export async function failImport(db: Executor, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(contactImports)
    .set({ status: 'failed', failureReason: reason, finishedAt: now, updatedAt: now })
    .where(and(eq(contactImports.id, id), eq(contactImports.status, 'running')));
}

export async function setImportStatus(
  db: Executor,
  id: string,
  status: ContactImportRow['status'],
  now: Date,
): Promise<void> {
  await db
    .update(contactImports)
    .set({
      status,
      updatedAt: now,
      ...(status === 'finished' || status === 'failed' ? { finishedAt: now } : {}),
    })
    .where(eq(contactImports.id, id));
}

/**
 * Adds one batch's counts, if the import is still where the batch started (a retried job that
 * finds another run ahead stops): false otherwise, and the caller's transaction rolls back.
 */
export async function advanceImport(
  db: Executor,
  id: string,
  from: number,
  batch: {
    rows: number;
    created: number;
    updated: number;
    rejected: number;
    reported: ContactImportRow['rejectedRows'];
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({
      processedRows: sql`${contactImports.processedRows} + ${batch.rows}`,
      createdCount: sql`${contactImports.createdCount} + ${batch.created}`,
      updatedCount: sql`${contactImports.updatedCount} + ${batch.updated}`,
      rejectedCount: sql`${contactImports.rejectedCount} + ${batch.rejected}`,
      rejectedRows: sql`${contactImports.rejectedRows} || ${JSON.stringify(batch.reported)}::jsonb`,
      updatedAt: now,
    })
    .where(
      and(
        eq(contactImports.id, id),
        eq(contactImports.processedRows, from),
        eq(contactImports.status, 'running'),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length > 0;
}
