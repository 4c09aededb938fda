import { and, eq, sql } from 'drizzle-orm';
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
