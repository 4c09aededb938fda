import type { Login, PasswordResetConfirm } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { renderPasswordResetEmail } from '../../delivery/templates.js';
import { forbidden, invalid, unauthenticated } from '../../errors.js';
import { findAccountByEmail, updateAccount } from '../accounts/accounts.repository.js';
import { buildStartup, type SignedIn } from '../accounts/accounts.service.js';
import { dispatchMessages, queueEmail } from '../delivery/outbox.service.js';
import { acceptInvitationInTransaction } from '../invitations/invitations.service.js';
import { findActiveMemberships, type Membership } from '../workspaces/workspaces.repository.js';
import {
  consumeResetToken,
  expireAccountResetTokens,
  insertResetToken,
} from './password-reset.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { startSession } from './sessions.js';
import { deleteAccountSessions, deleteSession } from './sessions.repository.js';
import { createToken, hashToken } from './tokens.js';

export const wrongCredentialsMessage = 'Incorrect email address or password.';
export const resetRequestedMessage =
  'If an account exists for that email address, we have sent a link to reset its password.';
export const invalidResetLinkMessage =
  'This password reset link is invalid or has expired. Please ask for a new one.';
export const passwordChangedMessage =
  'Your password has been changed. Please sign in with your new password.';
const resetLinkLifetimeMs = 60 * 60 * 1000;

/** Sign-in (part 1 §4); with an invitation id the account joins that workspace first. */
export async function login(ctx: AppContext, input: Login): Promise<SignedIn> {
  const account = await findAccountByEmail(ctx.db, input.emailAddress);
  const isPasswordRight = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !isPasswordRight || !account.isActive) throw unauthenticated(wrongCredentialsMessage);
  let joined: Membership | undefined;
  if (input.workspaceInvitationId) {
    const invitationId = input.workspaceInvitationId;
    joined = await ctx.db.transaction((tx) =>
      acceptInvitationInTransaction(
        tx,
        invitationId,
        { accountId: account.id, emailAddress: account.emailAddress },
        ctx.now(),
      ),
    );
    ctx.sessionCache.forgetAccount(account.id);
  }
  const memberships = await findActiveMemberships(ctx.db, account.id);
  const selected = joined ?? memberships[0];
  if (!selected) {
    throw forbidden('Your account has no active workspace. Ask a workspace admin to invite you again.');
  }
  const token = await startSession(ctx, account.id);
  return {
    token,
    selected,
    startup: buildStartup(ctx, { ...account, accountId: account.id }, memberships, selected.workspaceId),
  };
}

export async function logout(ctx: AppContext, sessionToken: string | undefined): Promise<void> {
  if (!sessionToken) return;
  const tokenHash = hashToken(sessionToken);
  await deleteSession(ctx.db, tokenHash);
  ctx.sessionCache.forgetToken(tokenHash);
}

/** Sends a one-hour, single-use link; answers the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, emailAddress: string): Promise<void> {
  const account = await findAccountByEmail(ctx.db, emailAddress);
  if (!account?.isActive) return;
  const now = ctx.now();
  const { token, tokenHash } = createToken();
  const email = renderPasswordResetEmail({
    firstName: account.firstName,
    link: `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  });
  const outboxId = await ctx.db.transaction(async (tx) => {
    await expireAccountResetTokens(tx, account.id, now);
    await insertResetToken(tx, {
      tokenHash,
      accountId: account.id,
      expiresAt: new Date(now.getTime() + resetLinkLifetimeMs),
    });
    return queueEmail(tx, {
      workspaceId: null,
      purpose: 'password-reset',
      recipient: account.emailAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    });
  });
  await dispatchMessages(ctx, [outboxId]);
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(ctx: AppContext, input: PasswordResetConfirm): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const accountId = await ctx.db.transaction(async (tx) => {
    const resetAccountId = await consumeResetToken(tx, hashToken(input.token), ctx.now());
    if (!resetAccountId) throw invalid(invalidResetLinkMessage, { token: invalidResetLinkMessage });
    await updateAccount(tx, resetAccountId, { passwordHash });
    await deleteAccountSessions(tx, resetAccountId);
    return resetAccountId;
  });
  ctx.sessionCache.forgetAccount(accountId);
}
