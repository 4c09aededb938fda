import { sessionCookieName } from '@graphium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sessionLifetimeMs } from '../modules/auth/authentication.service.js';
import { RememberedValues } from '../remembered-values.js';

// The credentials a request carries (a session cookie or an API key) and the cookies the server
// sets. Reading them is HTTP's job; deciding who they make the caller is the auth module's.

export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName];
  if (!raw) return undefined;
  return signedCookies.get(request.server, raw, (value) => {
    const unsigned = request.unsignCookie(value);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  });
}

/** Session cookies whose signature passed, by app (each has its own secret). */
const signedCookies = new RememberedValues<string>();

/**
 * The `Authorization: Bearer` credential, if any. A request that carries one is an API call: it
 * never acts through the session cookie, so session-only routes answer it with 401.
 */
export function readBearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * The workspace a signed-in request asks for: the `x-workspace-id` header the web client sends
 * with every call, else the readable cookie of the same name, which a plain link (a download)
 * carries.
 */
export function requestedWorkspaceId(request: FastifyRequest): unknown {
  return request.headers['x-workspace-id'] ?? request.cookies['x-workspace-id'];
}

export function setSessionCookies(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  context: { accountId: string; workspaceId?: string; customerId?: string },
): void {
  const secure = ctx.config.cookieSecure;
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: sessionLifetimeMs / 1000,
  });
  setContextCookies(ctx, reply, context);
}

/** Readable cookies the client echoes as headers; they select, never authorise. */
export function setContextCookies(
  ctx: AppContext,
  reply: FastifyReply,
  context: { accountId: string; workspaceId?: string; customerId?: string },
): void {
  const options = { path: '/', sameSite: 'lax', secure: ctx.config.cookieSecure, httpOnly: false } as const;
  reply.setCookie('x-account-id', context.accountId, options);
  if (context.workspaceId) reply.setCookie('x-workspace-id', context.workspaceId, options);
  if (context.customerId) reply.setCookie('x-customer-id', context.customerId, options);
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [sessionCookieName, 'x-account-id', 'x-workspace-id', 'x-customer-id']) {
    reply.clearCookie(name, { path: '/' });
  }
}

const signInChallengeCookieName = 'graphium_sign_in';

/** The second step's challenge: httpOnly, signed, only sent to the auth routes, five minutes. */
export function setSignInChallengeCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  lifetimeMs: number,
): void {
  reply.setCookie(signInChallengeCookieName, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.cookieSecure,
    signed: true,
    maxAge: lifetimeMs / 1000,
  });
}

export function readSignInChallenge(request: FastifyRequest): string | undefined {
  const raw = request.cookies[signInChallengeCookieName];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function clearSignInChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(signInChallengeCookieName, { path: '/api/auth' });
}

const ssoFlowCookieName = 'graphium_sso';

/**
 * A single sign-on between its two legs (docs/decisions/045-single-sign-on.md): state, nonce and
 * PKCE verifier, signed so they come back as they left, httpOnly, only sent to the SSO routes.
 * SameSite=Lax: the identity provider's redirect back is a top-level GET, which carries it.
 */
export function setSsoFlowCookie(
  ctx: AppContext,
  reply: FastifyReply,
  flow: object,
  lifetimeMs: number,
): void {
  reply.setCookie(ssoFlowCookieName, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    path: '/api/auth/sso',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.cookieSecure,
    signed: true,
    maxAge: lifetimeMs / 1000,
  });
}

/** The flow's JSON as it was set, or undefined when absent or tampered with. */
export function readSsoFlowCookie(request: FastifyRequest): unknown {
  const raw = request.cookies[ssoFlowCookieName];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    return JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export function clearSsoFlowCookie(reply: FastifyReply): void {
  reply.clearCookie(ssoFlowCookieName, { path: '/api/auth/sso' });
}
