import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims a key for one request: a new key, or one older than `expiredBefore` (kept past its
 * retention until the purge), becomes `running` for this request; true when claimed. Two requests racing on one key meet on the primary key, and
 * only one claims it.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: {
    apiKeyId: string;
    key: string;
    fingerprint: string;
    now: Date;
    expiredBefore: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      apiKeyId: claim.apiKeyId,
      key: claim.key,
      fingerprint: claim.fingerprint,
      state: 'running',
      createdAt: claim.now,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.apiKeyId, idempotencyKeys.key],
      set: {
        fingerprint: claim.fingerprint,
        state: 'running',
        responseStatus: null,
        responseContentType: null,
        responseBody: null,
        createdAt: claim.now,
        completedAt: null,
      },
      setWhere: lt(idempotencyKeys.createdAt, claim.expiredBefore),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findIdempotencyKey(
  db: Executor,
  apiKeyId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function completeIdempotencyKey(
  db: Executor,
  apiKeyId: string,
  key: string,
  reply: { status: number; contentType: string | null; body: string; now: Date },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: reply.status,
      responseContentType: reply.contentType,
      responseBody: reply.body,
      completedAt: reply.now,
    })
    .where(
      and(
        eq(idempotencyKeys.apiKeyId, apiKeyId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

/** Forgets a running claim (the request failed on our side): a retry may run it again. */
export async function releaseIdempotencyKey(db: Executor, apiKeyId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.apiKeyId, apiKeyId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

/** Deletes the keys created before `before`; the number deleted. */
export async function deleteIdempotencyKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: sql`1` });
  return rows.length;
}
