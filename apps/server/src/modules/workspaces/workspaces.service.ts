import type { UpdateWorkspaceUser, WorkspaceRole, WorkspaceUser } from '@graphium/shared';
import type { Membership, WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { findPendingInvitations } from './invitations.repository.js';
import { toPendingInvitation } from './invitations.service.js';
import {
  countActiveMembers,
  deleteMemberships,
  findActiveMemberships as findActiveMembershipRows,
  findMember,
  findWorkspaceNames,
  findWorkspaceUsers,
  insertCustomer,
  insertMember,
  insertMemberIfMissing,
  insertWorkspace,
  lockWorkspace,
  updateMember,
} from './workspaces.repository.js';

type UserRow = Awaited<ReturnType<typeof findWorkspaceUsers>>[number];

function toWorkspaceUser(row: UserRow): WorkspaceUser {
  return {
    accountId: row.accountId,
    role: row.role,
    isActive: row.isActive,
    joinedAt: row.joinedAt.toISOString(),
    account: {
      firstName: row.firstName,
      lastName: row.lastName,
      emailAddress: row.emailAddress,
      isActive: row.accountIsActive,
    },
  };
}

/** `GET /workspaces/users`: the members of the selected workspace and its pending invitations. */
export async function listWorkspaceUsers(ctx: AppContext, actor: WorkspaceActor) {
  const { workspaceId } = actor;
  const [users, invitations] = await Promise.all([
    findWorkspaceUsers(ctx.db, workspaceId),
    findPendingInvitations(ctx.db, workspaceId, ctx.now()),
  ]);
  return { users: users.map(toWorkspaceUser), invitations: invitations.map(toPendingInvitation) };
}

/** An admin changes a member's role or (de)activates them; a workspace always keeps an active admin. */
export async function updateWorkspaceUser(
  ctx: AppContext,
  actor: WorkspaceActor,
  accountId: string,
  changes: UpdateWorkspaceUser,
): Promise<WorkspaceUser> {
  const { workspaceId } = actor;
  const updated = await ctx.db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const target = await findMember(tx, workspaceId, accountId);
    if (!target) throw notFound('User not found in this workspace');
    const wasActiveAdmin = target.isActive && target.role === 'admin';
    const staysActiveAdmin =
      (changes.isActive ?? target.isActive) && (changes.role ?? target.role) === 'admin';
    if (wasActiveAdmin && !staysActiveAdmin && (await countActiveMembers(tx, workspaceId, 'admin')) <= 1) {
      throw conflict('A workspace needs at least one active admin. Make another member an admin first.');
    }
    await updateMember(tx, workspaceId, accountId, changes);
    const user = (await findWorkspaceUsers(tx, workspaceId)).find((row) => row.accountId === accountId);
    const audited = { type: 'member', id: accountId, label: user?.emailAddress ?? null };
    if (changes.role !== undefined && changes.role !== target.role) {
      await recordAudit(ctx, tx, actor, 'member.role-changed', audited, {
        before: { role: target.role },
        after: { role: changes.role },
      });
    }
    if (changes.isActive !== undefined && changes.isActive !== target.isActive) {
      await recordAudit(
        ctx,
        tx,
        actor,
        changes.isActive ? 'member.reactivated' : 'member.deactivated',
        audited,
      );
    }
    return user;
  });
  ctx.sessionCache.forgetAccount(accountId);
  if (!updated) throw notFound('User not found in this workspace');
  return toWorkspaceUser(updated);
}

/** The account's active memberships, oldest first. */
export function findActiveMemberships(db: Executor, accountId: string): Promise<Membership[]> {
  return findActiveMembershipRows(db, accountId);
}

/**
 * A new account's own customer and workspace, with the account as its admin, in the caller's
 * transaction (full sign-up).
 */
export async function createWorkspaceOfNewAccount(
  tx: Executor,
  input: { accountId: string; customerName: string; workspaceName: string },
): Promise<Membership> {
  const customerId = await insertCustomer(tx, input.customerName);
  const workspaceId = await insertWorkspace(tx, { customerId, name: input.workspaceName });
  await insertMember(tx, { workspaceId, accountId: input.accountId, role: 'admin' });
  return { workspaceId, workspaceName: input.workspaceName, customerId, role: 'admin' };
}

/**
 * Just-in-time membership at a single sign-on (docs/decisions/045-single-sign-on.md): a newcomer
 * joins with the connection's role; a member whose membership was deactivated stays out.
 */
export async function joinWorkspaceAtSingleSignOn(
  tx: Executor,
  input: { workspaceId: string; accountId: string; role: WorkspaceRole },
): Promise<'joined' | 'member' | 'removed'> {
  if (await insertMemberIfMissing(tx, input)) return 'joined';
  const existing = await findMember(tx, input.workspaceId, input.accountId);
  return existing?.isActive ? 'member' : 'removed';
}

/** The workspace's name, or '' when there is none. */
export async function findWorkspaceName(db: Executor, workspaceId: string): Promise<string> {
  return (await findWorkspaceNames(db, [workspaceId])).get(workspaceId)?.name ?? '';
}

/** Names and customers of workspaces, by id (those that exist). */
export function findWorkspacesById(
  db: Executor,
  workspaceIds: string[],
): Promise<Map<string, { name: string; customerId: string }>> {
  return findWorkspaceNames(db, workspaceIds);
}

export interface ActiveMember {
  accountId: string;
  role: WorkspaceUser['role'];
  firstName: string;
  lastName: string;
  emailAddress: string;
}

/** The workspace's active members whose account is active, oldest member first. */
export async function findActiveMembers(db: Executor, workspaceId: string): Promise<ActiveMember[]> {
  const users = await findWorkspaceUsers(db, workspaceId);
  return users
    .filter((user) => user.isActive && user.accountIsActive)
    .map(({ accountId, role, firstName, lastName, emailAddress }) => ({
      accountId,
      role,
      firstName,
      lastName,
      emailAddress,
    }));
}

/**
 * An account that is being deleted leaves all its workspaces (decision 044), in the caller's
 * transaction; refused while it is a workspace's last active admin. Answers the workspaces left.
 */
export async function leaveAllWorkspaces(
  tx: Executor,
  accountId: string,
): Promise<{ workspaceId: string; workspaceName: string }[]> {
  const memberships = await findActiveMembershipRows(tx, accountId);
  for (const membership of memberships) {
    // A workspace waiting to be deleted needs no admin any more.
    if (membership.role !== 'admin' || membership.deletionDueAt) continue;
    await lockWorkspace(tx, membership.workspaceId);
    if ((await countActiveMembers(tx, membership.workspaceId, 'admin')) <= 1) {
      throw conflict(
        `You are the last admin of ${membership.workspaceName}. Make another member an admin first, or delete the workspace.`,
      );
    }
  }
  await deleteMemberships(tx, accountId);
  return memberships.map(({ workspaceId, workspaceName }) => ({ workspaceId, workspaceName }));
}
