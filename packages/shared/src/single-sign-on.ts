import { z } from 'zod';
import { workspaceRoles } from './account.js';

// Single sign-on with OpenID Connect (docs/decisions/045-single-sign-on.md): a customer's admins
// point sign-in at their identity provider for the e-mail domains they name.

export const ssoIssuerUrlInvalidMessage = 'Enter a valid issuer URL, e.g. https://login.example.com';
export const ssoDomainInvalidMessage = 'Enter e-mail domains such as example.com';

export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, ssoDomainInvalidMessage);

/**
 * `PUT /customers/sso`. The issuer is read as text: the server checks it (https, and where its
 * host resolves). A client secret left out or empty keeps the saved one (it is never sent back).
 */
export const ssoSettingsBodySchema = z.object({
  issuerUrl: z
    .string({ error: ssoIssuerUrlInvalidMessage })
    .trim()
    .min(1, 'Enter the issuer URL')
    .max(2048, 'The URL must be at most 2048 characters')
    .refine(
      (text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol),
      ssoIssuerUrlInvalidMessage,
    ),
  clientId: z.string().trim().min(1, 'Enter the client ID').max(255, 'Use at most 255 characters'),
  clientSecret: z.string().trim().max(1024, 'Use at most 1024 characters').optional(),
  allowedDomains: z
    .array(ssoDomainSchema, { error: ssoDomainInvalidMessage })
    .min(1, 'Enter at least one e-mail domain')
    .max(20, 'Enter at most 20 domains')
    .transform((domains) => [...new Set(domains)]),
  defaultRole: z.enum(workspaceRoles, { error: 'Choose a role' }),
  isRequired: z.boolean(),
});
export type SsoSettingsBody = z.output<typeof ssoSettingsBodySchema>;
export type SsoSettingsInput = z.input<typeof ssoSettingsBodySchema>;

/** `GET /customers/sso`: the customer's connection; the client secret is write-only. */
export const ssoSettingsSchema = z.object({
  isConfigured: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  defaultRole: z.enum(workspaceRoles),
  isRequired: z.boolean(),
  /** The workspace people join on their first sign-in (where the settings were saved). */
  workspaceId: z.string().nullable(),
  workspaceName: z.string().nullable(),
  /** The address to register at the identity provider. */
  redirectUrl: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** `POST /customers/sso/test`: the discovery document was read. */
export const ssoConnectionTestSchema = z.object({ message: z.string(), issuer: z.string() });
export type SsoConnectionTest = z.infer<typeof ssoConnectionTestSchema>;

/** `POST /auth/sso/start`: the work address whose domain chooses the identity provider. */
export const ssoStartBodySchema = z.object({
  emailAddress: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Enter your work email address')
    .max(254, 'Must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
});
export type SsoStartInput = z.input<typeof ssoStartBodySchema>;

export const ssoStartResponseSchema = z.object({ redirectUrl: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;

/**
 * Why a sign-in through the identity provider did not open a session: the callback sends the
 * browser to `/sign-in?sso-error=CODE` and the page shows the message.
 */
export const ssoSignInErrorMessages = {
  expired: 'Your single sign-on attempt expired or was already used. Please start again.',
  failed: 'Single sign-on did not complete. Please try again or ask your administrator.',
  denied: 'Sign-in was cancelled at your identity provider.',
  domain: 'Your identity provider signed you in with an email address this workspace does not allow.',
  unverified: 'Your identity provider has not verified your email address.',
  removed: 'Your access to this workspace was removed. Ask a workspace admin to add you again.',
  inactive: 'Your account is inactive. Ask a workspace admin for help.',
  outside:
    'An account with this email address already belongs to another business. Sign in with your password, or ask an admin of your business to invite it.',
} as const;
export type SsoSignInError = keyof typeof ssoSignInErrorMessages;

export function ssoSignInErrorMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(ssoSignInErrorMessages, code)
    ? ssoSignInErrorMessages[code as SsoSignInError]
    : undefined;
}
