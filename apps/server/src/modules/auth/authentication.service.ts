import type { WorkspaceRole } from '@graphium/shared';
import {
  hasRole,
  isRequested,
  type MemberActor,
  type SignedInAccount,
  selectMembership,
  unknownWorkspaceMessage,
  type WorkspaceActor,
} from '../../actor.js';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import { hashSessionToken, hashToken } from '../../tokens.js';
import { type ApiKeyNeed, authenticateApiKey } from '../api-keys/api-keys.service.js';
import {
  findEndedReason,
  findSessionAccount,
  type SessionAccount,
  touchSession,
} from './sessions.repository.js';

// Who a request is: the signed-in account behind a session cookie, or an API key. The HTTP layer
// reads the credentials and asks here; services receive the actor.

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry without a write per request: the row is touched at most every ten minutes.
const touchIntervalMs = 10 * 60 * 1000;

export type { SessionAccount };

/** The account behind a session token, or undefined when the session is unknown or expired. */
export async function authenticateSession(
  ctx: AppContext,
  sessionToken: string | undefined,
): Promise<SessionAccount | undefined> {
  if (!sessionToken) return undefined;
  const now = ctx.now();
  const tokenHash = hashSessionToken(sessionToken);
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

/**
 * The signed-in account, or a 401 that says why there is none: "Your access to {workspace} was
 * removed." when the person's session was ended for that reason, else "Please sign in to continue."
 */
export async function requireSignedIn<Account extends SignedInAccount>(
  ctx: AppContext,
  account: Account | undefined,
  sessionToken: string | undefined,
): Promise<Account> {
  if (account) return account;
  const reason = sessionToken ? await findEndedReason(ctx.db, hashToken(sessionToken)) : undefined;
  throw unauthenticated(reason);
}

const enrolTwoFactorMessage = 'Your workspace requires two-factor sign-in. Please set it up to continue.';

/**
 * A member of a workspace that requires two-factor sign-in, without it, may only enrol: the
 * server holds this, not only the web app (docs/decisions/018-two-factor-and-sessions.md).
 */
export function requireTwoFactorEnrolled(account: SignedInAccount | undefined): void {
  if (account?.twoFactor?.isRequired && !account.twoFactor.isEnabled) {
    throw forbidden(enrolTwoFactorMessage);
  }
}

/**
 * The signed-in account acting as a member of the workspace it asks for. The requested workspace
 * only chooses among the account's active memberships; it never grants access.
 */
export function actAsMember(
  account: SignedInAccount,
  requestedWorkspaceId: unknown,
  atLeast: WorkspaceRole,
  options: { duringDeletion?: boolean } = {},
): MemberActor {
  const { memberships } = account;
  if (
    isRequested(requestedWorkspaceId) &&
    !memberships.some((item) => item.workspaceId === requestedWorkspaceId)
  ) {
    throw notFound(unknownWorkspaceMessage);
  }
  const membership = selectMembership(memberships, requestedWorkspaceId);
  if (!membership) throw forbidden('Your account is not an active member of any workspace.');
  if (membership.deletionDueAt && !options.duringDeletion) {
    throw forbidden(workspaceDeletionMessage(membership.workspaceName, membership.deletionDueAt));
  }
  if (!hasRole(membership.role, atLeast)) {
    throw forbidden(`Only a workspace ${atLeast} can do this.`);
  }
  return { account, membership, memberships };
}

/** What a member of a workspace waiting to be deleted is told (decision 044). */
function workspaceDeletionMessage(workspaceName: string, deletionDueAt: string): string {
  const when = new Date(deletionDueAt).toLocaleString('en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return `${workspaceName} is scheduled for deletion on ${when} UTC and cannot be used until then. An admin can restore it before that.`;
}

/**
 * Who acts for an API key on a workspace's data: unknown or revoked → 401, a key without the
 * scope the call needs (its area's on `/api/v1`, every area's elsewhere) → 403. Its workspace is the one requested among the key's customer's workspaces,
 * else the oldest. A member acting on the same data needs `viewer` for `read`, `editor` for
 * `write` (see `memberRoleFor`).
 */
export async function actWithApiKey(
  ctx: AppContext,
  apiKey: string,
  requestedWorkspaceId: unknown,
  need: ApiKeyNeed,
): Promise<WorkspaceActor> {
  const key = await authenticateApiKey(ctx, apiKey, requestedWorkspaceId, need);
  return { workspaceId: key.workspaceId, customerId: key.customerId, apiKeyId: key.apiKeyId };
}

/** The role a member needs for data access: any member reads, editors and admins write. */
export function memberRoleFor(access: 'read' | 'write'): WorkspaceRole {
  return access === 'write' ? 'editor' : 'viewer';
}
