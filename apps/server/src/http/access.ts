import { type ApiAccessMode, type ApiArea, apiKeyPrefix, type WorkspaceRole } from '@graphium/shared';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { type MemberActor, type SignedInAccount, type WorkspaceActor, workspaceActorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { AppError, unauthenticated } from '../errors.js';
import {
  actAsMember,
  actWithApiKey,
  authenticateSession,
  memberRoleFor,
  requireSignedIn,
  requireTwoFactorEnrolled,
} from '../modules/auth/authentication.service.js';
import { readBearerToken, readSessionToken, requestedWorkspaceId } from './credentials.js';

/**
 * Who may call a route, declared once per route as `config: { access }` and enforced by one hook
 * before the body is validated (so a caller who may not act learns nothing about the payload):
 * - `anyone`: public (the respondent, sign-in, unsubscribe links, provider webhooks);
 * - `visitor`: public, with the signed-in account when there is one;
 * - `account`: a signed-in account, whatever its workspaces;
 * - `member(role)`: a signed-in member of the selected workspace with at least that role (session only);
 * - `workspace(read|write)`: the data routes: a member (viewer reads, editor writes) or an API key
 *   of the workspace's customer holding that scope in every area;
 * - `apiKey(area, read|write)`: the `/api/v1` twins of data routes (http/api-v1.ts): an API key with
 *   the area's scope, never a session (docs/decisions/037-public-api-v1.md).
 */
export type RouteAccess =
  | { kind: 'anyone' }
  | { kind: 'visitor' }
  | { kind: 'account' }
  | { kind: 'member'; role: WorkspaceRole }
  | { kind: 'workspace'; access: ApiAccessMode }
  | { kind: 'apiKey'; area: ApiArea; access: ApiAccessMode };

export const access = {
  anyone: { kind: 'anyone' },
  visitor: { kind: 'visitor' },
  account: { kind: 'account' },
  member: (role: WorkspaceRole = 'viewer'): RouteAccess => ({ kind: 'member', role }),
  workspace: (mode: 'read' | 'write'): RouteAccess => ({ kind: 'workspace', access: mode }),
  apiKey: (area: ApiArea, mode: ApiAccessMode): RouteAccess => ({ kind: 'apiKey', area, access: mode }),
} as const satisfies Record<string, RouteAccess | ((...args: never[]) => RouteAccess)>;

/** Who the hook found acting, per request. */
interface Caller {
  account?: SignedInAccount;
  member?: MemberActor;
  actor?: WorkspaceActor;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Open to a member who must enrol in two-factor sign-in before anything else (their
     * workspace requires it): the startup reply and the enrolment routes.
     */
    duringTwoFactorEnrolment?: boolean;
    /** Open in a workspace waiting to be deleted (its status and restore, decision 044). */
    duringWorkspaceDeletion?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/**
 * OpenAPI `security` by access: public routes need nothing, data routes take a key as well, and
 * the others keep the document's default, the session.
 */
function securityOf(routeAccess: RouteAccess): Record<string, string[]>[] | undefined {
  if (routeAccess.kind === 'anyone' || routeAccess.kind === 'visitor') return [];
  if (routeAccess.kind === 'workspace') return [{ sessionCookie: [] }, { bearerAuth: [] }];
  if (routeAccess.kind === 'apiKey') return [{ bearerAuth: [] }];
  return undefined;
}

/**
 * Who acts on a `workspace` route: the API key of an `Authorization: Bearer` request (its
 * workspace chosen by the `x-workspace-id` header), else the signed-in member.
 */
export async function workspaceActorFor(
  ctx: AppContext,
  request: FastifyRequest,
  mode: ApiAccessMode,
): Promise<WorkspaceActor> {
  const bearer = readBearerToken(request);
  if (bearer !== undefined) return actWithApiKey(ctx, bearer, request.headers['x-workspace-id'], { mode });
  const caller = asMember(request, await signedInAccountOf(ctx, request), memberRoleFor(mode));
  return caller.actor!;
}

/** A request with a bearer credential is an API call: it never acts through the session cookie. */
async function sessionAccountOf(ctx: AppContext, request: FastifyRequest) {
  return readBearerToken(request) === undefined
    ? authenticateSession(ctx, readSessionToken(request))
    : undefined;
}

/** The session's account, or the 401 that says why there is none. */
async function signedInAccountOf(ctx: AppContext, request: FastifyRequest): Promise<SignedInAccount> {
  return requireSignedIn(ctx, await sessionAccountOf(ctx, request), readSessionToken(request));
}

const apiKeyOnlyMessage = `The /api/v1 routes take an API key: send Authorization: Bearer ${apiKeyPrefix}… (Settings → API Keys).`;

/** The key acting on a `/api/v1` route, held to its area's scope; a session never acts there. */
async function apiKeyActorFor(
  ctx: AppContext,
  request: FastifyRequest,
  routeAccess: Extract<RouteAccess, { kind: 'apiKey' }>,
): Promise<WorkspaceActor> {
  const bearer = readBearerToken(request);
  if (bearer === undefined) throw unauthenticated(apiKeyOnlyMessage);
  const { area, access: mode } = routeAccess;
  return actWithApiKey(ctx, bearer, request.headers['x-workspace-id'], { mode, area });
}

async function identify(
  ctx: AppContext,
  request: FastifyRequest,
  routeAccess: RouteAccess,
  duringDeletion: boolean,
): Promise<Caller> {
  if (routeAccess.kind === 'workspace' && readBearerToken(request) !== undefined) {
    return { actor: await workspaceActorFor(ctx, request, routeAccess.access) };
  }
  switch (routeAccess.kind) {
    case 'anyone':
      return {};
    case 'visitor': {
      const account = await sessionAccountOf(ctx, request);
      return account ? { account } : {};
    }
    case 'account':
      return { account: await signedInAccountOf(ctx, request) };
    case 'member':
      return asMember(request, await signedInAccountOf(ctx, request), routeAccess.role, duringDeletion);
    case 'workspace':
      return asMember(request, await signedInAccountOf(ctx, request), memberRoleFor(routeAccess.access));
    case 'apiKey':
      return { actor: await apiKeyActorFor(ctx, request, routeAccess) };
  }
}

function asMember(
  request: FastifyRequest,
  account: SignedInAccount,
  role: WorkspaceRole,
  duringDeletion = false,
): Caller {
  const member = actAsMember(account, requestedWorkspaceId(request), role, { duringDeletion });
  return { account: member.account, member, actor: workspaceActorOf(member) };
}

/** The audit log records where a change came from: the actors carry the client's address. */
function withAddress(caller: Caller, address: string): Caller {
  return {
    ...caller,
    ...(caller.member ? { member: { ...caller.member, address } } : {}),
    ...(caller.actor ? { actor: { ...caller.actor, address } } : {}),
  };
}

/**
 * Holds every route registered after it (in this plugin and its children) to its declared
 * access: a route without one fails the start, so none is added without a rule.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    const routeAccess = route.config?.access;
    if (!routeAccess) {
      throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
    }
    const security = securityOf(routeAccess);
    if (security) route.schema = { ...route.schema, security };
    if (routeAccess.kind === 'anyone') return;
    const mayEnrolOnly = routeAccess.kind !== 'visitor' && !route.config?.duringTwoFactorEnrolment;
    const duringDeletion = route.config?.duringWorkspaceDeletion === true;
    const check: preValidationHookHandler = async (request) => {
      request.caller = withAddress(await identify(ctx, request, routeAccess, duringDeletion), request.ip);
      if (mayEnrolOnly) requireTwoFactorEnrolled(request.caller.account);
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [check, ...[existing].flat()];
  });
}

function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.method} ${request.url} identified no caller`);
  return request.caller;
}

/** The signed-in account of an `account`, `member` or `workspace` (session) route. */
export function accountOf(request: FastifyRequest): SignedInAccount {
  const { account } = callerOf(request);
  if (!account) throw new Error(`${request.method} ${request.url} has no signed-in account`);
  return account;
}

/** The signed-in account of a `visitor` route, if any. */
export function visitorOf(request: FastifyRequest): SignedInAccount | undefined {
  return request.caller?.account;
}

/** The member acting on a `member` route. */
export function memberOf(request: FastifyRequest): MemberActor {
  const { member } = callerOf(request);
  if (!member) throw new Error(`${request.method} ${request.url} has no member`);
  return member;
}

/** Who acts on a `member` or `workspace` route: the member, or the API key. */
export function actorOf(request: FastifyRequest): WorkspaceActor {
  const { actor } = callerOf(request);
  if (!actor) throw new Error(`${request.method} ${request.url} has no workspace actor`);
  return actor;
}

/**
 * On a public route that also answers staff (the spec's "Load one survey"): the API key of a
 * Bearer request, held to the rules of a data route (an unknown key answers 401, another
 * workspace 404); else the signed-in member when the request names its workspace in the
 * `x-workspace-id` header, as the web app and integrations do. A browser that merely carries a
 * session (a colleague opening a survey link) stays a respondent, and so does a session that
 * cannot act there.
 */
export async function staffOnPublicRoute(
  ctx: AppContext,
  request: FastifyRequest,
  mode: 'read' | 'write',
): Promise<{ actor: WorkspaceActor; strict: boolean } | undefined> {
  if (readBearerToken(request) !== undefined) {
    return { actor: await workspaceActorFor(ctx, request, mode), strict: true };
  }
  if (request.headers['x-workspace-id'] === undefined || readSessionToken(request) === undefined) {
    return undefined;
  }
  try {
    const account = await signedInAccountOf(ctx, request);
    requireTwoFactorEnrolled(account);
    return { actor: asMember(request, account, memberRoleFor(mode)).actor!, strict: false };
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
