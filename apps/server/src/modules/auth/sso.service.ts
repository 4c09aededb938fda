import { type SsoSignInError, ssoSignInErrorMessages } from '@graphium/shared';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, invalid } from '../../errors.js';
import { createAccount, findAccountByEmail } from '../accounts/accounts.service.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { joinWorkspaceAtSingleSignOn } from '../workspaces/workspaces.service.js';
import { openSignedInSession, type SignedIn } from './auth.service.js';
import type { ClientInfo } from './sessions.js';
import { recordFailedSignIn, recordSignIn } from './sign-in-audit.js';
import {
  findConnectionById,
  findConnectionOfDomain,
  placeInCustomer,
  type SsoConnectionRow,
} from './sso.repository.js';
import {
  buildSignInUrl,
  completeSignInAtIssuer,
  decryptClientSecret,
  discoverIssuer,
  type SignInChecks,
} from './sso-oidc-client.js';
import { domainOf } from './sso-requirement.js';
import { ssoRedirectUrl } from './sso-settings.service.js';

// Signing in through a customer's identity provider (docs/decisions/045-single-sign-on.md). The
// work address's domain chooses the connection; the callback opens the session as a password
// sign-in does, after making the account and the membership if they are missing. The app's own
// second step is not asked: the identity provider is where the business sets its factors.

const notSetUpMessage = 'Single sign-on is not set up for this email domain. Sign in with your password.';
const unreachableMessage =
  'Your identity provider could not be reached. Please try again in a moment or ask your administrator.';
export const ssoFlowLifetimeMs = 10 * 60 * 1000;
// JIT accounts have no password until their person sets one (a reset link); nothing verifies
// against this marker, so password sign-in fails as for a wrong password.
const noPasswordHash = '!single-sign-on';

/** The two legs' state, kept in the browser's signed cookie (http/credentials.ts). */
export interface SsoFlow extends SignInChecks {
  connectionId: string;
  expiresAt: number;
}

/** A sign-in through the identity provider that did not open a session, and why. */
export class SsoSignInFailure extends Error {
  constructor(readonly reason: SsoSignInError) {
    super(ssoSignInErrorMessages[reason]);
  }
}

function clientSettingsOf(ctx: AppContext, connection: SsoConnectionRow) {
  return {
    issuerUrl: connection.issuerUrl,
    clientId: connection.clientId,
    clientSecret: decryptClientSecret(ctx.config.sessionSecret, connection.clientSecretEncrypted),
  };
}

/** `POST /auth/sso/start`: where to send the browser, and the checks its return must pass. */
export async function startSsoSignIn(
  ctx: AppContext,
  emailAddress: string,
): Promise<{ redirectUrl: string; flow: SsoFlow }> {
  const connection = await findConnectionOfDomain(ctx.db, domainOf(emailAddress));
  if (!connection) throw invalid(notSetUpMessage, { emailAddress: notSetUpMessage });
  let configuration: oidc.Configuration;
  try {
    configuration = await discoverIssuer(ctx, clientSettingsOf(ctx, connection));
  } catch (error) {
    ctx.log.warn({ err: error, issuer: connection.issuerUrl }, 'single sign-on: discovery failed');
    throw new AppError('UNAVAILABLE', unreachableMessage, undefined, 30);
  }
  const { url, checks } = await buildSignInUrl(configuration, ssoRedirectUrl(ctx), emailAddress);
  return {
    redirectUrl: url.href,
    flow: { ...checks, connectionId: connection.id, expiresAt: ctx.now().getTime() + ssoFlowLifetimeMs },
  };
}

/**
 * `GET /auth/sso/callback`: checks the answer against the flow (state, PKCE, nonce; the ID token's
 * signature, issuer, audience and expiry), then the address against the connection's domains.
 */
export async function completeSsoSignIn(
  ctx: AppContext,
  flow: SsoFlow | undefined,
  callbackQuery: string,
  client: ClientInfo,
): Promise<SignedIn> {
  if (!flow || flow.expiresAt <= ctx.now().getTime()) throw new SsoSignInFailure('expired');
  const connection = await findConnectionById(ctx.db, flow.connectionId);
  if (!connection) throw new SsoSignInFailure('expired');
  const callbackUrl = new URL(`${ssoRedirectUrl(ctx)}?${callbackQuery}`);
  let identity: Awaited<ReturnType<typeof completeSignInAtIssuer>>;
  try {
    const configuration = await discoverIssuer(ctx, clientSettingsOf(ctx, connection));
    identity = await completeSignInAtIssuer(configuration, callbackUrl, flow);
  } catch (error) {
    const isDenied = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
    if (!isDenied) {
      ctx.log.warn({ err: error, issuer: connection.issuerUrl }, 'single sign-on: the callback was refused');
    }
    throw new SsoSignInFailure(isDenied ? 'denied' : 'failed');
  }
  const { emailAddress } = identity;
  const owner = emailAddress ? await findConnectionOfDomain(ctx.db, domainOf(emailAddress)) : undefined;
  if (!emailAddress || owner?.id !== connection.id || !identity.isEmailVerified) {
    const label = emailAddress ?? `${connection.issuerUrl} subject ${identity.subject}`;
    const account = emailAddress ? await findAccountByEmail(ctx.db, emailAddress) : undefined;
    await recordFailedSignIn(ctx, label, account, client.ipAddress, {
      reason: identity.isEmailVerified ? 'e-mail domain not allowed' : 'e-mail address not verified',
      method: 'single sign-on',
      issuer: connection.issuerUrl,
    });
    throw new SsoSignInFailure(identity.isEmailVerified ? 'domain' : 'unverified');
  }

  const joinJustInTime = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findAccountByEmail(tx, emailAddress);
      // Nobody proves owning a domain (decision 045): an identity provider signs in only people of
      // its own business, and makes new ones; an account of another business stays its own.
      if (existing && !(await placeInCustomer(tx, existing.id, connection.customerId))) {
        return { account: existing, joined: 'outside' as const };
      }
      const account =
        existing ??
        (await createAccount(tx, {
          firstName: identity.firstName ?? emailAddress.slice(0, emailAddress.indexOf('@')),
          lastName: identity.lastName ?? '',
          emailAddress,
          businessName: null,
          passwordHash: noPasswordHash,
        }));
      if (!account.isActive) return { account, joined: 'inactive' as const };
      const joined = await joinWorkspaceAtSingleSignOn(tx, {
        workspaceId: connection.workspaceId,
        accountId: account.id,
        role: connection.defaultRole,
      });
      if (joined === 'joined') {
        await recordAuditEvent(ctx, tx, {
          workspaceId: connection.workspaceId,
          who: { kind: 'member', accountId: account.id, address: client.ipAddress },
          action: 'member.joined-through-sso',
          target: { type: 'account', id: account.id, label: account.emailAddress },
          details: { role: connection.defaultRole, issuer: connection.issuerUrl },
        });
      }
      return { account, joined };
    });
  // Two first sign-ins of one person at once: the second finds the account the first made.
  const { account, joined } = await joinJustInTime().catch((error: unknown) => {
    if (isUniqueViolation(error)) return joinJustInTime();
    throw error;
  });
  if (joined === 'inactive' || joined === 'removed' || joined === 'outside')
    throw new SsoSignInFailure(joined);
  if (joined === 'joined') ctx.sessionCache.forgetAccount(account.id);
  const signedIn = await openSignedInSession(ctx, account.id, client, connection.workspaceId);
  await recordSignIn(ctx, account, client.ipAddress, {
    method: 'single sign-on',
    issuer: connection.issuerUrl,
  });
  return signedIn;
}
