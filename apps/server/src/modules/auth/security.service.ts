import type { AccountSession, ChangePassword } from '@graphium/shared';
import type { SignedInAccount } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../errors.js';
import { findAccountByEmail, setAccountPassword } from '../accounts/accounts.service.js';
import { expireAccountResetTokens } from './password-reset.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { deleteAccountSession, deleteOtherSessions, findAccountSessions } from './sessions.repository.js';

// Settings → Security: a member's own sessions and password (docs/decisions/018-two-factor-and-sessions.md).
// Ending a session deletes its row: the delete trigger tells every process's session cache at once.

const wrongCurrentPasswordMessage = 'Your current password is not right.';

export async function listAccountSessions(
  ctx: AppContext,
  account: SignedInAccount,
  currentTokenHash: string | undefined,
): Promise<AccountSession[]> {
  const rows = await findAccountSessions(ctx.db, account.accountId, ctx.now());
  return rows.map(({ tokenHash, createdAt, lastSeenAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    lastSeenAt: lastSeenAt.toISOString(),
    isCurrent: tokenHash === currentTokenHash,
  }));
}

export async function revokeAccountSession(
  ctx: AppContext,
  account: SignedInAccount,
  sessionId: string,
): Promise<void> {
  const tokenHash = await deleteAccountSession(ctx.db, account.accountId, sessionId);
  if (!tokenHash) throw notFound('Session not found. It may have ended already.');
  ctx.sessionCache.forgetToken(tokenHash);
}

/** Signs the account out everywhere but here; answers how many sessions ended. */
export async function revokeOtherSessions(
  ctx: AppContext,
  account: SignedInAccount,
  currentTokenHash: string,
): Promise<number> {
  const ended = await deleteOtherSessions(ctx.db, account.accountId, currentTokenHash);
  for (const tokenHash of ended) ctx.sessionCache.forgetToken(tokenHash);
  return ended.length;
}

/** A new password, given the current one; every other session ends, this one stays. */
export async function changePassword(
  ctx: AppContext,
  account: SignedInAccount,
  currentTokenHash: string,
  input: ChangePassword,
): Promise<void> {
  const stored = await findAccountByEmail(ctx.db, account.emailAddress);
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword))) {
    throw invalid(wrongCurrentPasswordMessage, { currentPassword: wrongCurrentPasswordMessage });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await setAccountPassword(tx, account.accountId, passwordHash);
    await expireAccountResetTokens(tx, account.accountId, ctx.now());
    return deleteOtherSessions(tx, account.accountId, currentTokenHash);
  });
  for (const tokenHash of ended) ctx.sessionCache.forgetToken(tokenHash);
}
