import {
  isInvitationExpired,
  type PendingInvitation,
  type WorkspaceRole,
  type WorkspaceUser,
  workspaceRoles,
} from '@graphium/shared';
import type { SelectOption } from '@/components/ui/select';
import { capitalize } from '@/lib/format';
import type { WorkspaceUsersResponse } from '../api/get-workspace-users';

export type MemberStatus = 'Active' | 'Inactive';

/**
 * docs/product-rules.md#workspaces-roles-and-invitations: a user counts as active only if both the membership
 * and the account are.
 */
export function getMemberStatus(user: WorkspaceUser): MemberStatus {
  return user.isActive && user.account.isActive ? 'Active' : 'Inactive';
}

export type UserRow =
  | {
      kind: 'member';
      id: string;
      name: string;
      emailAddress: string;
      role: WorkspaceRole;
      status: MemberStatus;
      user: WorkspaceUser;
    }
  | {
      kind: 'invitation';
      id: string;
      emailAddress: string;
      role: WorkspaceRole;
      status: 'Invited';
      isExpired: boolean;
      invitation: PendingInvitation;
    };

export function toUserRows(response: WorkspaceUsersResponse, now: Date = new Date()): UserRow[] {
  const members = response.users.map(
    (user): UserRow => ({
      kind: 'member',
      id: `member-${user.accountId}`,
      name: `${user.account.firstName} ${user.account.lastName}`,
      emailAddress: user.account.emailAddress,
      role: user.role,
      status: getMemberStatus(user),
      user,
    }),
  );
  const invitations = response.invitations.map(
    (invitation): UserRow => ({
      kind: 'invitation',
      id: `invitation-${invitation.workspaceInvitationId}`,
      emailAddress: invitation.emailAddress,
      role: invitation.role,
      status: 'Invited',
      isExpired: isInvitationExpired(invitation.expiresAt, now),
      invitation,
    }),
  );
  return [...members, ...invitations];
}

const roleDescriptions: Record<WorkspaceRole, string> = {
  admin: 'Manages users and workspace settings',
  editor: 'Creates, sends and edits surveys',
  viewer: 'Views surveys and responses',
};

export const roleOptions: ReadonlyArray<SelectOption<WorkspaceRole>> = workspaceRoles.map((role) => ({
  value: role,
  label: capitalize(role),
  description: roleDescriptions[role],
}));
