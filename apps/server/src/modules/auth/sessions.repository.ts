import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Membership, SignedInAccount } from '../../actor.js';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import { accounts, accountTwoFactor, sessions, workspaceMembers, workspaces } from '../../db/schema/index.js';

/** A live session: its signed-in account, with when the session was last seen and ends. */
export interface SessionAccount extends SignedInAccount {
  tokenHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function insertSession(
  db: Executor,
  values: {
    tokenHash: string;
    accountId: string;
    expiresAt: Date;
    device: string | null;
    ipAddress: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

const membershipsOfAccount = sql<Membership[] | string>`coalesce((
  select json_agg(json_build_object(
    'workspaceId', w.id, 'workspaceName', w.name, 'customerId', w.customer_id, 'role', m.role,
    'deletionDueAt', to_char(w.deletion_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by m.created_at, w.id)
  from ${workspaceMembers} m join ${workspaces} w on w.id = m.workspace_id
  where m.account_id = ${sessions.accountId} and m.is_active
), '[]'::json)`;

const isTwoFactorEnabled = sql<boolean>`exists (
  select 1 from ${accountTwoFactor} t
  where t.account_id = ${sessions.accountId} and t.enabled_at is not null
)`;

const isTwoFactorRequired = sql<boolean>`exists (
  select 1 from ${workspaceMembers} m join ${workspaces} w on w.id = m.workspace_id
  where m.account_id = ${sessions.accountId} and m.is_active and w.require_two_factor
)`;

function prepareFindSessionAccount(db: Executor) {
  return db
    .select({
      accountId: sessions.accountId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      emailAddress: accounts.emailAddress,
      businessName: accounts.businessName,
      memberships: membershipsOfAccount,
      isTwoFactorEnabled,
      isTwoFactorRequired,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(sessions.endedReason),
        eq(accounts.isActive, true),
      ),
    )
    .prepare('find_session_account');
}

const findSessionAccountStatement = preparedPerDatabase(prepareFindSessionAccount);

/**
 * The live session for a token hash, with its active account and that account's active
 * memberships, in one round trip: every signed-in request starts here.
 */
export async function findSessionAccount(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SessionAccount | undefined> {
  const [row] = await findSessionAccountStatement(db).execute({ tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  const { memberships, isTwoFactorEnabled, isTwoFactorRequired, ...account } = row;
  return {
    ...account,
    tokenHash,
    twoFactor: { isEnabled: Boolean(isTwoFactorEnabled), isRequired: Boolean(isTwoFactorRequired) },
    memberships: typeof memberships === 'string' ? JSON.parse(memberships) : memberships,
  };
}

export async function touchSession(
  db: Executor,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

/** Why a session was ended for its person (their access was removed), if it was. */
export async function findEndedReason(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ endedReason: sessions.endedReason })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.endedReason)));
  return row?.endedReason ?? undefined;
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteAccountSessions(db: Executor, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** Deletes the sessions expired before `now`; answers how many. */
export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`${now.toISOString()}::timestamptz`))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

/** The account's live sessions, most recently seen first. */
export async function findAccountSessions(db: Executor, accountId: string, now: Date) {
  return db
    .select({
      sessionId: sessions.id,
      tokenHash: sessions.tokenHash,
      device: sessions.device,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        gt(sessions.expiresAt, sql`${now.toISOString()}::timestamptz`),
        isNull(sessions.endedReason),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the account's sessions; answers its token hash, or undefined when it is not theirs. */
export async function deleteAccountSession(
  db: Executor,
  accountId: string,
  sessionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, sessionId)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash;
}

/** Ends every session of the account but one; answers the token hashes ended. */
export async function deleteOtherSessions(
  db: Executor,
  accountId: string,
  keptTokenHash: string,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, keptTokenHash)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}
