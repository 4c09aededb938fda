import { eq } from 'drizzle-orm';
import type { SignedInAccount } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  accountTwoFactor,
  passwordResetTokens,
  sessions,
  signInChallenges,
  twoFactorRecoveryCodes,
} from '../../db/schema/index.js';
import { invalid } from '../../errors.js';
import { eraseAccount, findAccountByEmail } from '../accounts/accounts.service.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { leaveAllWorkspaces } from '../workspaces/workspaces.service.js';
import { verifyPassword } from './passwords.js';

// A member deletes their own account (docs/decisions/044-retention-and-deletions.md).

const wrongPasswordMessage = 'Your password is not right.';

/** What signs the account in: sessions, reset links, its second factor. */
async function deleteSignInRows(tx: Executor, accountId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.accountId, accountId))
    .returning({ tokenHash: sessions.tokenHash });
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, accountId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.accountId, accountId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  await tx.delete(accountTwoFactor).where(eq(accountTwoFactor.accountId, accountId));
  return ended.length;
}

/**
 * `POST /auth/account/deletion`: with the password, the account leaves its workspaces (refused
 * while it is one's last admin), every session ends, and its names, address and password are
 * erased; what it authored stays, attributed to "Deleted user". Each workspace's audit log records
 * it, without the erased values. It cannot be undone.
 */
export async function deleteOwnAccount(ctx: AppContext, account: SignedInAccount, password: string) {
  const stored = await findAccountByEmail(ctx.db, account.emailAddress);
  if (!stored || !(await verifyPassword(stored.passwordHash, password))) {
    throw invalid(wrongPasswordMessage, { password: wrongPasswordMessage });
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const left = await leaveAllWorkspaces(tx, account.accountId);
    const sessionsEnded = await deleteSignInRows(tx, account.accountId);
    await eraseAccount(tx, account.accountId, now);
    for (const workspace of left) {
      await recordAuditEvent(ctx, tx, {
        workspaceId: workspace.workspaceId,
        who: { kind: 'member', accountId: account.accountId },
        action: 'account.deleted',
        target: { type: 'account', id: account.accountId, label: 'Deleted user' },
        details: { workspacesLeft: left.length, sessionsEnded },
      });
    }
  });
  ctx.sessionCache.forgetAccount(account.accountId);
}
