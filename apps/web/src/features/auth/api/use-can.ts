import { hasWorkspaceRole, type WorkspaceRole } from '@graphium/shared';
import { useCurrentStartup } from './get-startup';

/**
 * The signed-in member's role in the workspace the app shows (the startup reply lists it first),
 * and what it may do: one place for every screen (docs/decisions/016-roles-in-every-screen.md).
 */
function useMemberRole(): WorkspaceRole | undefined {
  return useCurrentStartup()?.workspaces[0]?.role;
}

/** Whether the member has at least `required`: editors write, admins manage (docs/roles.md). */
export function useCan(required: WorkspaceRole): boolean {
  const role = useMemberRole();
  return role !== undefined && hasWorkspaceRole(role, required);
}

/**
 * Why a member below `required` cannot do `action` (a verb phrase: "create templates"), for a
 * control's `disabledReason`.
 */
export function roleReason(required: WorkspaceRole, action: string): string {
  return required === 'admin'
    ? `Only admins can ${action}. Ask an admin if you need this.`
    : `Viewers can't ${action}. Ask an admin for the editor role.`;
}

/** The reason the member cannot do `action`, or `undefined` when the role allows it. */
export function useRoleReason(required: WorkspaceRole, action: string): string | undefined {
  return useCan(required) ? undefined : roleReason(required, action);
}
