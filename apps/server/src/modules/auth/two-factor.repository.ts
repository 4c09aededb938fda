import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  accountTwoFactor,
  signInChallenges,
  twoFactorRecoveryCodes,
} from '../../db/schema/index.js';

export type TwoFactorRow = typeof accountTwoFactor.$inferSelect;

export async function findTwoFactor(db: Executor, accountId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(accountTwoFactor).where(eq(accountTwoFactor.accountId, accountId));
  return row;
}

/** Starts (or starts again) an enrolment that is not yet confirmed. */
export async function upsertPendingTwoFactor(db: Executor, accountId: string, encryptedSecret: string) {
  await db
    .insert(accountTwoFactor)
    .values({ accountId, encryptedSecret })
    .onConflictDoUpdate({
      target: accountTwoFactor.accountId,
      set: { encryptedSecret, enabledAt: null, lastUsedStep: null },
      where: isNull(accountTwoFactor.enabledAt),
    });
}

/**
 * Records that a code of `step` was accepted, unless a code of that step (or a later one) already
 * was: answers false for a replay, which two requests racing with one code cannot both pass.
 */
export async function useTotpStep(
  db: Executor,
  accountId: string,
  step: number,
  enabledAt?: Date,
): Promise<boolean> {
  const rows = await db
    .update(accountTwoFactor)
    .set({ lastUsedStep: step, ...(enabledAt ? { enabledAt } : {}) })
    .where(
      and(
        eq(accountTwoFactor.accountId, accountId),
        sql`(${accountTwoFactor.lastUsedStep} is null or ${accountTwoFactor.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ accountId: accountTwoFactor.accountId });
  return rows.length === 1;
}

export async function deleteTwoFactor(db: Executor, accountId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  await db.delete(accountTwoFactor).where(eq(accountTwoFactor.accountId, accountId));
}

export async function replaceRecoveryCodes(db: Executor, accountId: string, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ codeHash, accountId })));
}

/** Marks an unused recovery code used; answers whether it was one. */
export async function useRecoveryCode(db: Executor, accountId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        eq(twoFactorRecoveryCodes.accountId, accountId),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: twoFactorRecoveryCodes.codeHash });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.accountId, accountId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Opens a challenge; the expired ones of anyone go at the same time. */
export async function insertSignInChallenge(
  db: Executor,
  values: typeof signInChallenges.$inferInsert,
  now: Date,
): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values(values);
}

/** A live challenge with its account's address (the sign-in limits count by it). */
export async function findSignInChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      accountId: signInChallenges.accountId,
      workspaceInvitationId: signInChallenges.workspaceInvitationId,
      emailAddress: accounts.emailAddress,
    })
    .from(signInChallenges)
    .innerJoin(accounts, eq(accounts.id, signInChallenges.accountId))
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        gt(signInChallenges.expiresAt, now),
        eq(accounts.isActive, true),
      ),
    );
  return row;
}

/** Takes the challenge once: answers false when another request took it first. */
export async function consumeSignInChallenge(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length === 1;
}
