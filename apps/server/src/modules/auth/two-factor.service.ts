import type {
  ConfirmTwoFactor,
  DisableTwoFactor,
  RecoveryCodes,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@graphium/shared';
import type { SignedInAccount } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { hashToken } from '../../tokens.js';
import { findAccountByEmail } from '../accounts/accounts.service.js';
import { verifyPassword } from './passwords.js';
import {
  createRecoveryCodes,
  createTotpSecret,
  decryptTotpSecret,
  encryptTotpSecret,
  matchTotpStep,
  normaliseRecoveryCode,
  totpUri,
} from './totp.js';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  replaceRecoveryCodes,
  upsertPendingTwoFactor,
  useRecoveryCode,
  useTotpStep,
} from './two-factor.repository.js';

// TOTP enrolment and checks (docs/decisions/018-two-factor-and-sessions.md).

const wrongCodeMessage = 'That code is not right. Please try again.';
const wrongRecoveryCodeMessage = 'That recovery code is not right or has already been used.';
const requiredMessage = 'Your workspace requires two-factor sign-in, so it cannot be turned off.';

export async function getTwoFactorStatus(
  ctx: AppContext,
  account: SignedInAccount,
): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(ctx.db, account.accountId);
  const isEnabled = Boolean(row?.enabledAt);
  return {
    isEnabled,
    isRequired: account.twoFactor?.isRequired ?? false,
    recoveryCodesLeft: isEnabled ? await countUnusedRecoveryCodes(ctx.db, account.accountId) : 0,
  };
}

/** Step one: a new secret, kept until a code from it confirms the enrolment. */
export async function beginTwoFactorEnrolment(
  ctx: AppContext,
  account: SignedInAccount,
): Promise<TwoFactorEnrolment> {
  const existing = await findTwoFactor(ctx.db, account.accountId);
  if (existing?.enabledAt) throw conflict('Two-factor sign-in is already on for your account.');
  const secret = createTotpSecret();
  await upsertPendingTwoFactor(
    ctx.db,
    account.accountId,
    encryptTotpSecret(ctx.config.sessionSecret, secret),
  );
  return { secret, uri: totpUri(secret, account.emailAddress) };
}

/** Step two: the first code turns it on and answers the ten recovery codes, shown this once. */
export async function confirmTwoFactorEnrolment(
  ctx: AppContext,
  account: SignedInAccount,
  input: ConfirmTwoFactor,
): Promise<RecoveryCodes> {
  const now = ctx.now();
  const recoveryCodes = createRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const row = await findTwoFactor(tx, account.accountId);
    if (!row) throw invalid('Please start the set-up again.', { code: 'Please start the set-up again.' });
    if (row.enabledAt) throw conflict('Two-factor sign-in is already on for your account.');
    const step = matchTotpStep(
      decryptTotpSecret(ctx.config.sessionSecret, row.encryptedSecret),
      input.code,
      now,
    );
    if (step === undefined || !(await useTotpStep(tx, account.accountId, step, now))) {
      throw invalid(wrongCodeMessage, { code: wrongCodeMessage });
    }
    await replaceRecoveryCodes(
      tx,
      account.accountId,
      recoveryCodes.map((code) => hashToken(normaliseRecoveryCode(code))),
    );
  });
  ctx.sessionCache.forgetAccount(account.accountId);
  return { recoveryCodes };
}

/** Whether a code from the app is right now and not used before (each time step is taken once). */
async function checkTotpCode(ctx: AppContext, accountId: string, code: string): Promise<boolean> {
  const row = await findTwoFactor(ctx.db, accountId);
  if (!row?.enabledAt) return false;
  const step = matchTotpStep(
    decryptTotpSecret(ctx.config.sessionSecret, row.encryptedSecret),
    code,
    ctx.now(),
  );
  return step !== undefined && useTotpStep(ctx.db, accountId, step);
}

/** The second step of a sign-in: a code from the app, or a recovery code (each works once). */
export async function checkSecondFactor(
  ctx: AppContext,
  accountId: string,
  input: { code?: string; recoveryCode?: string },
): Promise<{ isRight: boolean; message: string }> {
  if (input.code !== undefined) {
    return { isRight: await checkTotpCode(ctx, accountId, input.code), message: wrongCodeMessage };
  }
  const codeHash = hashToken(normaliseRecoveryCode(input.recoveryCode ?? ''));
  return {
    isRight: await useRecoveryCode(ctx.db, accountId, codeHash, ctx.now()),
    message: wrongRecoveryCodeMessage,
  };
}

export async function hasTwoFactor(ctx: AppContext, accountId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(ctx.db, accountId))?.enabledAt);
}

/**
 * Ten new recovery codes for a member whose codes ran low or were lost, with a current code from
 * the app: the old ones stop working at once; the new ones are shown this once.
 */
export async function renewRecoveryCodes(
  ctx: AppContext,
  account: SignedInAccount,
  input: ConfirmTwoFactor,
): Promise<RecoveryCodes> {
  if (!(await hasTwoFactor(ctx, account.accountId))) {
    throw conflict('Two-factor sign-in is not on for your account.');
  }
  if (!(await checkTotpCode(ctx, account.accountId, input.code))) {
    throw invalid(wrongCodeMessage, { code: wrongCodeMessage });
  }
  const recoveryCodes = createRecoveryCodes();
  await ctx.db.transaction((tx) =>
    replaceRecoveryCodes(
      tx,
      account.accountId,
      recoveryCodes.map((code) => hashToken(normaliseRecoveryCode(code))),
    ),
  );
  return { recoveryCodes };
}

/** Turns it off with a current code or the password; not while a workspace requires it. */
export async function disableTwoFactor(
  ctx: AppContext,
  account: SignedInAccount,
  input: DisableTwoFactor,
): Promise<void> {
  if (account.twoFactor?.isRequired) throw forbidden(requiredMessage);
  if (!(await hasTwoFactor(ctx, account.accountId))) {
    throw conflict('Two-factor sign-in is not on for your account.');
  }
  if (input.code !== undefined) {
    if (!(await checkTotpCode(ctx, account.accountId, input.code))) {
      throw invalid(wrongCodeMessage, { code: wrongCodeMessage });
    }
  } else {
    const stored = await findAccountByEmail(ctx.db, account.emailAddress);
    if (!(await verifyPassword(stored?.passwordHash, input.password ?? ''))) {
      throw invalid('That password is not right.', { password: 'That password is not right.' });
    }
  }
  await ctx.db.transaction((tx) => deleteTwoFactor(tx, account.accountId));
  ctx.sessionCache.forgetAccount(account.accountId);
}
