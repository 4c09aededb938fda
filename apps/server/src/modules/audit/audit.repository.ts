import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, apiKeys, auditChains, auditEvents } from '../../db/schema/index.js';
import { genesisHash } from './audit-chain.js';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type AuditChainRow = typeof auditChains.$inferSelect;

/**
 * Locks a chain's head for this transaction (creating it on first use), so appends and the purge
 * of one chain run one at a time and never fork it; with it, the actor's label as it is now.
 */
export async function lockChainHead(
  db: Executor,
  chainKey: string,
  actor: { accountId: string | null; apiKeyId: string | null },
): Promise<{ head: AuditChainRow; accountLabel: string | null; apiKeyLabel: string | null }> {
  await db
    .insert(auditChains)
    .values({
      chainKey,
      headSequence: 0,
      headHash: genesisHash,
      checkpointSequence: 0,
      checkpointHash: genesisHash,
    })
    .onConflictDoNothing();
  const [head] = await db.select().from(auditChains).where(eq(auditChains.chainKey, chainKey)).for('update');
  // The label is a snapshot: read in the same transaction from the tables that own it.
  const [labels] = await db
    .select({
      accountLabel: actor.accountId
        ? sql<
            string | null
          >`(select ${accounts.emailAddress} from ${accounts} where ${accounts.id} = ${actor.accountId})`
        : sql<null>`null`,
      apiKeyLabel: actor.apiKeyId
        ? sql<string | null>`(select ${apiKeys.name} from ${apiKeys} where ${apiKeys.id} = ${actor.apiKeyId})`
        : sql<null>`null`,
    })
    .from(sql`(select 1) as one`);
  return {
    head: head!,
    accountLabel: labels?.accountLabel ?? null,
    apiKeyLabel: labels?.apiKeyLabel ?? null,
  };
}

export async function appendAuditRow(db: Executor, row: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(row);
  await db
    .update(auditChains)
    .set({ headSequence: row.sequence, headHash: row.hash })
    .where(eq(auditChains.chainKey, row.chainKey));
}

export interface AuditFilter {
  workspaceId: string;
  action?: string;
  actor?: string;
  search?: string;
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filterConditions(filter: AuditFilter): SQL | undefined {
  const action = filter.action;
  return and(
    eq(auditEvents.workspaceId, filter.workspaceId),
    action === undefined
      ? undefined
      : action.includes('.')
        ? eq(auditEvents.action, action)
        : ilike(auditEvents.action, `${action.replace(/[\\%_]/g, '')}.%`),
    filter.actor ? ilike(auditEvents.actorLabel, likePattern(filter.actor)) : undefined,
    filter.search
      ? or(
          ilike(auditEvents.targetLabel, likePattern(filter.search)),
          ilike(auditEvents.targetId, likePattern(filter.search)),
        )
      : undefined,
    filter.from ? gte(auditEvents.occurredAt, filter.from) : undefined,
    filter.before ? lt(auditEvents.occurredAt, filter.before) : undefined,
  );
}

/** A page of a workspace's events, newest first. */
export async function findAuditEvents(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const where = filterConditions(filter);
  const [totals] = await db.select({ total: count() }).from(auditEvents).where(where);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.sequence))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: totals?.total ?? 0 };
}

/** The next batch of a workspace's events for an export, newest first, after a cursor. */
export async function findAuditEventsBatch(
  db: Executor,
  filter: AuditFilter,
  after: { occurredAt: Date; sequence: number } | undefined,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        filterConditions(filter),
        after
          ? or(
              lt(auditEvents.occurredAt, after.occurredAt),
              and(eq(auditEvents.occurredAt, after.occurredAt), lt(auditEvents.sequence, after.sequence)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.sequence))
    .limit(limit);
}

export async function findAuditChains(db: Executor): Promise<AuditChainRow[]> {
  return db.select().from(auditChains).orderBy(asc(auditChains.chainKey));
}

/** The chain keys that have rows, whether or not their head exists. */
export async function findChainKeysOfEvents(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinctOn([auditEvents.chainKey], { chainKey: auditEvents.chainKey })
    .from(auditEvents)
    .orderBy(auditEvents.chainKey);
  return rows.map((row) => row.chainKey);
}

/** A chain's rows in order, a batch after a sequence. */
export async function findChainRows(
  db: Executor,
  chainKey: string,
  afterSequence: number,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.chainKey, chainKey), gt(auditEvents.sequence, afterSequence)))
    .orderBy(asc(auditEvents.sequence))
    .limit(limit);
}

/** The first sequence of a chain at or after the cutoff: rows before it all fall out of retention. */
export async function findFirstKeptSequence(
  db: Executor,
  chainKey: string,
  cutoff: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ sequence: min(auditEvents.sequence) })
    .from(auditEvents)
    .where(and(eq(auditEvents.chainKey, chainKey), gte(auditEvents.occurredAt, cutoff)));
  return row?.sequence === null || row?.sequence === undefined ? null : Number(row.sequence);
}

export async function findChainRow(db: Executor, chainKey: string, sequence: number) {
  const [row] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.chainKey, chainKey), eq(auditEvents.sequence, sequence)));
  return row;
}

/**
 * Deletes a chain's rows up to a sequence, as the retention purge: the append-only trigger lets
 * a row go only when it is older than the cutoff this transaction names.
 */
export async function deleteChainPrefix(
  db: Executor,
  chainKey: string,
  throughSequence: number,
  cutoff: Date,
  checkpoint: { sequence: number; hash: string },
): Promise<number> {
  await db.execute(sql`select set_config('graphium.audit_purge_before', ${cutoff.toISOString()}, true)`);
  const deleted = await db
    .delete(auditEvents)
    .where(and(eq(auditEvents.chainKey, chainKey), lte(auditEvents.sequence, throughSequence)))
    .returning({ id: auditEvents.id });
  await db
    .update(auditChains)
    .set({ checkpointSequence: checkpoint.sequence, checkpointHash: checkpoint.hash })
    .where(eq(auditChains.chainKey, chainKey));
  await db.execute(sql`select set_config('graphium.audit_purge_before', '', true)`);
  return deleted.length;
}
