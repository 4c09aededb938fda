import { z } from 'zod';

// docs/product-rules.md#accounts-and-sign-in: people's names 2-100, business names 3-100, letters, digits,
// hyphen,
// underscore or space. Letters include accented ones so that "José" can sign up.
const nameCharacters = /^[\p{L}\p{M}0-9_\- ]+$/u;

const personNameSchema = z
  .string()
  .trim()
  .min(2, 'Must be at least 2 characters')
  .max(100, 'Must be at most 100 characters')
  .regex(nameCharacters, 'Use only letters, digits, spaces, hyphens and underscores');

export const businessNameSchema = z
  .string()
  .trim()
  .min(3, 'Must be at least 3 characters')
  .max(100, 'Must be at most 100 characters')
  .regex(nameCharacters, 'Use only letters, digits, spaces, hyphens and underscores');

const emailAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const passwordRules = {
  minLength: 8,
  maxLength: 32,
} as const;

/**
 * docs/product-rules.md#accounts-and-sign-in: 8-32 characters with a lowercase, an uppercase, a digit and a
 * non-word character.
 */
export const passwordSchema = z
  .string()
  .min(passwordRules.minLength, `Must be at least ${passwordRules.minLength} characters`)
  .max(passwordRules.maxLength, `Must be at most ${passwordRules.maxLength} characters`)
  .regex(/[a-z]/, 'Must contain a lowercase letter')
  .regex(/[A-Z]/, 'Must contain an uppercase letter')
  .regex(/\d/, 'Must contain a digit')
  .regex(/\W|_/, 'Must contain a symbol');

const optionalBusinessName = z
  .union([z.literal(''), businessNameSchema])
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Full sign-up (docs/product-rules.md#accounts-and-sign-in). The server needs an e-mail and password to sign
 * in later.
 */
export const signUpSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  businessName: optionalBusinessName,
  emailAddress: emailAddressSchema,
  password: passwordSchema,
  termsAgreement: z.literal(true, { error: 'You must agree to the terms' }),
  workspaceInvitationId: z.uuid().optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

/**
 * Minimal sign-up ("Complete Your Sign Up"): only the name rules apply
 * (docs/product-rules.md#accounts-and-sign-in).
 */
export const completeSignUpSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  businessName: optionalBusinessName,
});
export type CompleteSignUp = z.output<typeof completeSignUpSchema>;

/**
 * Sign-in shows no validation (docs/product-rules.md#accounts-and-sign-in); the server still bounds the
 * input.
 */
export const loginSchema = z.object({
  emailAddress: z.string().trim().toLowerCase().min(1, 'Email address is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
  workspaceInvitationId: z.uuid().optional(),
});
export type Login = z.output<typeof loginSchema>;

const accountSchema = z.object({
  accountId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  businessName: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const workspaceRoles = ['admin', 'editor', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

const workspaceRoleRank: Record<WorkspaceRole, number> = { viewer: 0, editor: 1, admin: 2 };

/** A viewer reads, an editor also writes, an admin also manages the workspace (docs/roles.md). */
export function hasWorkspaceRole(role: WorkspaceRole, atLeast: WorkspaceRole): boolean {
  return workspaceRoleRank[role] >= workspaceRoleRank[atLeast];
}

const startupWorkspaceSchema = z.object({
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  customerId: z.uuid(),
  role: workspaceRoleSchema,
  /**
   * Marks the provider workspace, which owns base survey templates
   * (docs/product-rules.md#accounts-and-sign-in).
   */
  isGraphiumWorkspace: z.boolean(),
  /**
   * Set while the workspace waits to be deleted (decision 044): it cannot be used until an admin
   * restores it, and its data goes at this instant.
   */
  deletionDueAt: z.iso.datetime().nullable(),
});

/**
 * `GET /accounts/startup`: the selected workspace comes first (docs/product-rules.md#accounts-and-sign-in).
 */
export const startupResponseSchema = z.object({
  account: accountSchema,
  workspaces: z.array(startupWorkspaceSchema),
  /**
   * Two-factor sign-in: on for the account, required by one of its workspaces (then, until it is
   * on, the member may only enrol).
   */
  twoFactor: z.object({ isEnabled: z.boolean(), isRequired: z.boolean() }),
});
export type StartupResponse = z.infer<typeof startupResponseSchema>;

export const passwordResetRequestSchema = z.object({
  emailAddress: z.string().trim().toLowerCase().min(1, 'Email address is required').max(254),
});

export const passwordResetConfirmSchema = z.object({
  token: z.string().min(20).max(200),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.output<typeof passwordResetConfirmSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
