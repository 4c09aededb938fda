import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, sessions } from '../../db/schema.js';

export interface SessionAccount {
  tokenHash: string;
  accountId: string;
  lastSeenAt: Date;
  firstName: string;
  lastName: string;
  emailAddress: string;
  businessName: string | null;
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; accountId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session for a token hash with its active account, in one query. */
export async function findSessionAccount(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SessionAccount | undefined> {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      accountId: sessions.accountId,
      lastSeenAt: sessions.lastSeenAt,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      emailAddress: accounts.emailAddress,
      businessName: accounts.businessName,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(accounts.isActive, true)));
  return row;
}

export async function touchSession(
  db: Executor,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteAccountSessions(db: Executor, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`${now.toISOString()}`));
}
