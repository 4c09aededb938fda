import type { Login, PasswordResetConfirm, SignUp, StartupResponse, TwoFactorSignIn } from '@graphium/shared';
import type { Membership } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, forbidden, invalid, unauthenticated } from '../../errors.js';
import { createToken, hashToken } from '../../tokens.js';
import {
  buildStartup,
  createAccount,
  findAccountByEmail,
  setAccountPassword,
} from '../accounts/accounts.service.js';
import { dispatchMessages, queueEmail, renderPasswordResetEmail } from '../delivery/delivery.service.js';
import { acceptInvitationInTransaction } from '../workspaces/invitations.service.js';
import { createWorkspaceOfNewAccount, findActiveMemberships } from '../workspaces/workspaces.service.js';
import {
  consumeResetToken,
  expireAccountResetTokens,
  insertResetToken,
} from './password-reset.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { type ClientInfo, startSession } from './sessions.js';
import {
  deleteAccountSessions,
  deleteExpiredSessions,
  deleteSession,
  findSessionAccount,
} from './sessions.repository.js';
import { recordFailedSignIn, recordPasswordReset, recordSignIn } from './sign-in-audit.js';
import { refusePasswordWhereSsoRequired } from './sso-requirement.js';
import {
  consumeSignInChallenge,
  findSignInChallenge,
  insertSignInChallenge,
} from './two-factor.repository.js';
import { checkSecondFactor, hasTwoFactor } from './two-factor.service.js';

const wrongCredentialsMessage = 'Incorrect email address or password.';
const duplicateEmailMessage = 'An account with this email address already exists. Please sign in instead.';
export const resetRequestedMessage =
  'If an account exists for that email address, we have sent a link to reset its password.';
const invalidResetLinkMessage =
  'This password reset link is invalid or has expired. Please ask for a new one.';
export const passwordChangedMessage =
  'Your password has been changed. Please sign in with your new password.';
const resetLinkLifetimeMs = 60 * 60 * 1000;
export const signInChallengeLifetimeMs = 5 * 60 * 1000;
export const twoFactorStepMessage = 'Enter the 6-digit code from your authenticator app.';
const expiredChallengeMessage = 'Your sign-in has expired. Please sign in again.';

export interface SignedIn {
  token: string;
  startup: StartupResponse;
  selected: Membership;
}

/**
 * Full sign-up: account, customer and workspace (the new account is its admin). Through an
 * invitation the account joins the inviting workspace instead, with the invited role.
 */
export async function signUp(ctx: AppContext, input: SignUp, client: ClientInfo): Promise<SignedIn> {
  if (await findAccountByEmail(ctx.db, input.emailAddress)) throw conflict(duplicateEmailMessage);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    const { account, membership } = await ctx.db.transaction(async (tx) => {
      const account = await createAccount(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        emailAddress: input.emailAddress,
        businessName: input.businessName ?? null,
        passwordHash,
      });
      if (input.workspaceInvitationId) {
        const membership = await acceptInvitationInTransaction(
          tx,
          input.workspaceInvitationId,
          { accountId: account.id, emailAddress: account.emailAddress, address: client.ipAddress },
          now,
        );
        // Joining a business that requires single sign-on takes it, not a password (decision 045).
        await refusePasswordWhereSsoRequired(tx, input.emailAddress, {
          joiningWorkspaceId: membership.workspaceId,
        });
        return { account, membership };
      }
      const membership = await createWorkspaceOfNewAccount(tx, {
        accountId: account.id,
        customerName: input.businessName ?? `${input.firstName} ${input.lastName}`,
        workspaceName: input.businessName ?? `${input.firstName}'s workspace`,
      });
      return { account, membership };
    });
    const memberships = await findActiveMemberships(ctx.db, account.id);
    return openSession(ctx, account.id, client, memberships, membership);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateEmailMessage);
    throw error;
  }
}

/** A sign-in answers a session, or a challenge for the second step when two-factor sign-in is on. */
export type LoginResult = { signedIn: SignedIn } | { challengeToken: string };

/**
 * Sign-in (docs/product-rules.md#accounts-and-sign-in); with an invitation id the account joins that
 * workspace first. With two-factor sign-in on, a right password opens a five-minute, single-use
 * challenge instead of a session (docs/decisions/018-two-factor-and-sessions.md).
 */
export async function login(ctx: AppContext, input: Login, client: ClientInfo): Promise<LoginResult> {
  const account = await findAccountByEmail(ctx.db, input.emailAddress);
  const isPasswordRight = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !isPasswordRight || !account.isActive) {
    await recordFailedSignIn(ctx, input.emailAddress, account, client.ipAddress);
    throw unauthenticated(wrongCredentialsMessage);
  }
  await refusePasswordWhereSsoRequired(ctx.db, account.emailAddress, { accountId: account.id });
  if (await hasTwoFactor(ctx, account.id)) {
    const now = ctx.now();
    const { token, tokenHash } = createToken();
    await insertSignInChallenge(
      ctx.db,
      {
        tokenHash,
        accountId: account.id,
        workspaceInvitationId: input.workspaceInvitationId ?? null,
        expiresAt: new Date(now.getTime() + signInChallengeLifetimeMs),
      },
      now,
    );
    return { challengeToken: token };
  }
  return { signedIn: await completeSignIn(ctx, account, input.workspaceInvitationId, client) };
}

/** The account waiting behind a second-step challenge, if it is still live. */
export async function findChallengedAccount(
  ctx: AppContext,
  challengeToken: string | undefined,
): Promise<{ accountId: string; emailAddress: string; workspaceInvitationId: string | null }> {
  const challenge = challengeToken
    ? await findSignInChallenge(ctx.db, hashToken(challengeToken), ctx.now())
    : undefined;
  if (!challenge) throw unauthenticated(expiredChallengeMessage);
  return challenge;
}

/** The second step: a right code (or recovery code) takes the challenge and opens the session. */
export async function completeTwoFactorSignIn(
  ctx: AppContext,
  challengeToken: string | undefined,
  input: TwoFactorSignIn,
  client: ClientInfo,
): Promise<SignedIn> {
  const challenge = await findChallengedAccount(ctx, challengeToken);
  const check = await checkSecondFactor(ctx, challenge.accountId, input);
  if (!check.isRight) throw unauthenticated(check.message);
  if (!(await consumeSignInChallenge(ctx.db, hashToken(challengeToken ?? '')))) {
    throw unauthenticated(expiredChallengeMessage);
  }
  return completeSignIn(
    ctx,
    { id: challenge.accountId, emailAddress: challenge.emailAddress },
    challenge.workspaceInvitationId ?? undefined,
    client,
  );
}

async function completeSignIn(
  ctx: AppContext,
  account: { id: string; emailAddress: string },
  workspaceInvitationId: string | undefined,
  client: ClientInfo,
): Promise<SignedIn> {
  let joined: Membership | undefined;
  if (workspaceInvitationId) {
    joined = await ctx.db.transaction((tx) =>
      acceptInvitationInTransaction(
        tx,
        workspaceInvitationId,
        { accountId: account.id, emailAddress: account.emailAddress, address: client.ipAddress },
        ctx.now(),
      ),
    );
    ctx.sessionCache.forgetAccount(account.id);
  }
  const signedIn = await openSignedInSession(ctx, account.id, client, joined?.workspaceId);
  await recordSignIn(ctx, account, client.ipAddress);
  return signedIn;
}

/**
 * Opens the session of an account whose sign-in succeeded (a password, a second step, or the
 * identity provider's answer: docs/decisions/045-single-sign-on.md), in the workspace given if
 * it is one of the account's, else its oldest.
 */
export async function openSignedInSession(
  ctx: AppContext,
  accountId: string,
  client: ClientInfo,
  workspaceId: string | undefined,
): Promise<SignedIn> {
  const memberships = await findActiveMemberships(ctx.db, accountId);
  const selected = memberships.find((item) => item.workspaceId === workspaceId) ?? memberships[0];
  if (!selected) {
    throw forbidden('Your account has no active workspace. Ask a workspace admin to invite you again.');
  }
  return openSession(ctx, accountId, client, memberships, selected);
}

/** Starts the session and answers its startup payload, read the way every later request reads it. */
async function openSession(
  ctx: AppContext,
  accountId: string,
  client: ClientInfo,
  memberships: Membership[],
  selected: Membership,
): Promise<SignedIn> {
  const token = await startSession(ctx, accountId, client);
  const session = await findSessionAccount(ctx.db, hashToken(token), ctx.now());
  if (!session) throw unauthenticated();
  return { token, selected, startup: buildStartup(ctx, session, memberships, selected.workspaceId) };
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
    await setAccountPassword(tx, resetAccountId, passwordHash);
    await deleteAccountSessions(tx, resetAccountId);
    await recordPasswordReset(ctx, tx, resetAccountId);
    return resetAccountId;
  });
  ctx.sessionCache.forgetAccount(accountId);
}

/** The `purge-sessions` job: expired sessions are of no use to anyone and hold an account's traces. */
export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  return deleteExpiredSessions(ctx.db, ctx.now());
}
