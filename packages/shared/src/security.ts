import { z } from 'zod';
import { passwordSchema } from './account.js';

// Two-factor sign-in and sessions (docs/decisions/018-two-factor-and-sessions.md).

export const totpCodeMessage = 'Enter the 6-digit code from your authenticator app';

/** A 6-digit code as typed: spaces are dropped. */
const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, totpCodeMessage));

const recoveryCodeSchema = z.string().trim().min(1, 'Enter one of your recovery codes').max(40);

/** `POST /auth/login` when the password was right and a second step is needed (202). */
export const twoFactorChallengeSchema = z.object({
  nextStep: z.literal('two-factor'),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /auth/login/two-factor`: a code from the app, or one of the recovery codes. */
export const twoFactorSignInSchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    message: 'Enter a code or one recovery code',
    path: ['code'],
  });
export type TwoFactorSignIn = z.output<typeof twoFactorSignInSchema>;

export const twoFactorStatusSchema = z.object({
  isEnabled: z.boolean(),
  /** A workspace of the account requires it: it cannot be turned off. */
  isRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /auth/two-factor/enrolment`: the secret for the QR code and for typing it in. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactor = z.output<typeof confirmTwoFactorSchema>;

/** Shown once, when two-factor sign-in is turned on. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor sign-in off needs a current code or the password. */
export const disableTwoFactorSchema = z
  .object({
    code: totpCodeSchema.optional(),
    password: z.string().min(1, 'Password is required').max(256).optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.password === undefined), {
    message: 'Enter a code from your authenticator app or your password',
    path: ['code'],
  });
export type DisableTwoFactor = z.output<typeof disableTwoFactorSchema>;

const accountSessionSchema = z.object({
  sessionId: z.uuid(),
  /** "Chrome on Linux"; null when the browser did not say. */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.output<typeof changePasswordSchema>;

/** A workspace's sign-in rule, set by its admins. */
export const workspaceSecuritySchema = z.object({ requireTwoFactor: z.boolean() });
export type WorkspaceSecurity = z.infer<typeof workspaceSecuritySchema>;
