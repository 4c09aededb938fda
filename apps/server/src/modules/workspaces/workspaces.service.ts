import type { UpdateWorkspaceUser, WorkspaceUser } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import type { MemberContext } from '../../http/request-context.js';
import { findPendingInvitations } from '../invitations/invitations.repository.js';
import { toPendingInvitation } from '../invitations/invitations.service.js';
import {
  countActiveMembers,
  findMember,
  findWorkspaceUsers,
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
export async function listWorkspaceUsers(ctx: AppContext, member: MemberContext) {
  const { workspaceId } = member.membership;
  const [users, invitations] = await Promise.all([
    findWorkspaceUsers(ctx.db, workspaceId),
    findPendingInvitations(ctx.db, workspaceId, ctx.now()),
  ]);
  return { users: users.map(toWorkspaceUser), invitations: invitations.map(toPendingInvitation) };
}

/** An admin changes a member's role or (de)activates them; a workspace always keeps an active admin. */
export async function updateWorkspaceUser(
  ctx: AppContext,
  member: MemberContext,
  accountId: string,
  changes: UpdateWorkspaceUser,
): Promise<WorkspaceUser> {
  const { workspaceId } = member.membership;
  await ctx.db.transaction(async (tx) => {
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
  });
  ctx.sessionCache.forgetAccount(accountId);
  const users = await findWorkspaceUsers(ctx.db, workspaceId);
  const updated = users.find((user) => user.accountId === accountId);
  if (!updated) throw notFound('User not found in this workspace');
  return toWorkspaceUser(updated);
}
