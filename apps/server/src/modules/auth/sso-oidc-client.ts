import { ssoIssuerUrlInvalidMessage } from '@graphium/shared';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { checkOutboundUrl } from '../../net/outbound-http.js';
import { decryptAtRest, encryptAtRest } from '../../secrets-at-rest.js';

// The OpenID Connect relying party (docs/decisions/045-single-sign-on.md), on openid-client: it
// reads the issuer's discovery document, sends the browser there with PKCE (S256), state and
// nonce, and at the callback checks them, exchanges the code and verifies the ID token's
// signature, issuer, audience, expiry and nonce. Every request it makes goes through the same
// address check as webhooks (no private or loopback host unless the operator allowed it).

/** What an admin reads when an issuer's address is refused (net/outbound-http.ts checks it). */
export const issuerAddressMessages = {
  https: 'The issuer URL must start with https://',
  invalid: ssoIssuerUrlInvalidMessage,
  unresolved: 'The issuer host could not be found. Check the URL.',
  private: 'The issuer URL points to a private or local network address; only public addresses are allowed.',
} as const;

const requestTimeoutMs = 10_000;

export interface OidcClientSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

function checkedFetch(allowedHosts: readonly string[]): oidc.CustomFetch {
  return async (url, options) => {
    await checkOutboundUrl(url, allowedHosts, issuerAddressMessages);
    const init = { ...options, signal: options.signal ?? AbortSignal.timeout(requestTimeoutMs) };
    return fetch(url, init as RequestInit);
  };
}

/**
 * The issuer's configuration for this client. Protocol times (the ID token's expiry) are read
 * on the injected clock: openid-client takes the difference from the machine's as clock skew.
 */
export async function discoverIssuer(
  ctx: AppContext,
  settings: OidcClientSettings,
): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  const skewSeconds = Math.round((ctx.now().getTime() - Date.now()) / 1000);
  return oidc.discovery(
    issuer,
    settings.clientId,
    { [oidc.clockSkew]: skewSeconds },
    oidc.ClientSecretBasic(settings.clientSecret),
    {
      [oidc.customFetch]: checkedFetch(ctx.config.ssoAllowedPrivateHosts),
      timeout: requestTimeoutMs / 1000,
      // http only reaches hosts the operator allowed on private addresses (checkedFetch refuses
      // it for any other), so this lifts openid-client's https rule for those alone.
      ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
}

/** What the callback must check, kept in the browser's signed cookie between the two legs. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function buildSignInUrl(
  configuration: oidc.Configuration,
  redirectUri: string,
  loginHint: string,
): Promise<{ url: URL; checks: SignInChecks }> {
  const checks = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
  return { url, checks };
}

export interface VerifiedIdentity {
  subject: string;
  emailAddress: string | undefined;
  isEmailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** The code for tokens, the ID token verified; throws when any check fails. */
export async function completeSignInAtIssuer(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  checks: SignInChecks,
): Promise<VerifiedIdentity> {
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the token response carried no ID token');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    subject: claims.sub,
    emailAddress: text(claims.email)?.toLowerCase(),
    // Absent counts as verified (many providers only assert addresses they own); false refuses.
    isEmailVerified: claims.email_verified !== false,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

const atRest = 'sso client secret at rest';

export function encryptClientSecret(sessionSecret: string, secret: string): string {
  return encryptAtRest(sessionSecret, atRest, secret);
}

export function decryptClientSecret(sessionSecret: string, stored: string): string {
  return decryptAtRest(sessionSecret, atRest, stored);
}
