import { sessionCookieName, type WorkspaceRole } from '@graphium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthenticated } from '../errors.js';
import { authenticateApiKey } from '../modules/api-keys/api-keys.service.js';
import {
  findSessionAccount,
  type SessionAccount,
  touchSession,
} from '../modules/auth/sessions.repository.js';
import { hashToken } from '../modules/auth/tokens.js';
import type { Membership } from '../modules/workspaces/workspaces.repository.js';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry without a write per request: the row is touched at most every ten minutes.
const touchIntervalMs = 10 * 60 * 1000;

export interface MemberContext {
  account: SessionAccount;
  /** The selected workspace: the `x-workspace-id` header when it names one of the account's own. */
  membership: Membership;
  memberships: Membership[];
}

const sessions = new WeakMap<FastifyRequest, Promise<SessionAccount | undefined>>();

export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

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

async function loadSession(ctx: AppContext, request: FastifyRequest): Promise<SessionAccount | undefined> {
  if (readBearerToken(request) !== undefined) return undefined;
  const token = readSessionToken(request);
  if (!token) return undefined;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const cached = ctx.sessionCache.get(tokenHash, now);
  if (cached && now.getTime() - cached.lastSeenAt.getTime() <= touchIntervalMs) return cached;
  const session = await findSessionAccount(ctx.db, tokenHash, now);
  if (!session) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() > touchIntervalMs) {
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await touchSession(ctx.db, tokenHash, now, expiresAt);
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
  }
  ctx.sessionCache.set(session, session.expiresAt, now);
  return session;
}

/** The signed-in account, or undefined; looked up once per request. */
export function getSession(ctx: AppContext, request: FastifyRequest): Promise<SessionAccount | undefined> {
  let session = sessions.get(request);
  if (!session) {
    session = loadSession(ctx, request);
    sessions.set(request, session);
  }
  return session;
}

export async function requireAccount(ctx: AppContext, request: FastifyRequest): Promise<SessionAccount> {
  const account = await getSession(ctx, request);
  if (!account) throw unauthenticated();
  return account;
}

const roleRank: Record<WorkspaceRole, number> = { viewer: 0, editor: 1, admin: 2 };

export function hasRole(role: WorkspaceRole, atLeast: WorkspaceRole): boolean {
  return roleRank[role] >= roleRank[atLeast];
}

/** Picks the workspace named by the header among the account's own; anything else selects the first. */
export function selectMembership(memberships: Membership[], requested: unknown): Membership | undefined {
  return memberships.find((membership) => membership.workspaceId === requested) ?? memberships[0];
}

/**
 * The workspace a signed-in request asks for: the `x-workspace-id` header the web client sends
 * with every call, else the readable cookie of the same name, which a plain link (a download)
 * carries.
 */
export function requestedWorkspaceId(request: FastifyRequest): unknown {
  return request.headers['x-workspace-id'] ?? request.cookies['x-workspace-id'];
}

/**
 * The signed-in member of the selected workspace. The `x-workspace-id` header only chooses among
 * the account's active memberships; it never grants access (ARCHITECTURE.md §3).
 */
export async function requireMember(
  ctx: AppContext,
  request: FastifyRequest,
  atLeast: WorkspaceRole = 'viewer',
): Promise<MemberContext> {
  const account = await requireAccount(ctx, request);
  const { memberships } = account;
  const membership = selectMembership(memberships, requestedWorkspaceId(request));
  if (!membership) throw forbidden('Your account is not an active member of any workspace.');
  if (!hasRole(membership.role, atLeast)) {
    throw forbidden(`Only a workspace ${atLeast} can do this.`);
  }
  return { account, membership, memberships };
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

/** Readable cookies the client echoes as headers (part 1 §7); they select, never authorise. */
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

/** Who acts on a workspace's data: a signed-in member or an API key of its customer. */
export interface WorkspaceActor {
  workspaceId: string;
  customerId: string;
  /** The signed-in account; absent for an API key. */
  accountId?: string;
  /** The API key used; absent for a session. */
  apiKeyId?: string;
}

/**
 * The data routes (lists, later templates, surveys, responses): `read` lets any member in,
 * `write` needs an editor or admin. With `Authorization: Bearer <key>` the key decides instead:
 * unknown or revoked → 401, a `read` key on a `write` route → 403. Its workspace is the one
 * `x-workspace-id` names among the key's customer's workspaces, else the oldest.
 */
export async function requireWorkspaceActor(
  ctx: AppContext,
  request: FastifyRequest,
  access: 'read' | 'write',
): Promise<WorkspaceActor> {
  const bearer = readBearerToken(request);
  if (bearer !== undefined) {
    return authenticateApiKey(ctx, bearer, request.headers['x-workspace-id'], access);
  }
  const member = await requireMember(ctx, request, access === 'write' ? 'editor' : 'viewer');
  return {
    workspaceId: member.membership.workspaceId,
    customerId: member.membership.customerId,
    accountId: member.account.accountId,
  };
}

/**
 * OpenAPI `security` for routes that accept an API key as well as a session (the data routes
 * guarded by `requireWorkspaceActor`): put it in the route's schema. Other routes are
 * documented as session-only.
 */
export const sessionOrApiKeySecurity: Record<string, string[]>[] = [
  { sessionCookie: [] },
  { bearerAuth: [] },
];
