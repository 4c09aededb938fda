import type { PendingInvitation, WorkspaceUser } from '@graphium/shared';
import { UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { useWorkspaceUsers } from '../api/get-workspace-users';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { RevokeInvitationDialog } from './revoke-invitation-dialog';
import { toUserRows } from './user-rows';
import { UsersTable } from './users-table';

const usersLoadErrorMessage = 'Error loading workspace users. Please try again.';

type WorkspaceUsersProps = {
  currentAccountId: string | undefined;
  /** Only admins may change roles and statuses; the server enforces it too. */
  canEditMembers: boolean;
};

export function WorkspaceUsers({ currentAccountId, canEditMembers }: WorkspaceUsersProps) {
  const users = useWorkspaceUsers();
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [editedUser, setEditedUser] = useState<WorkspaceUser>();
  const [revokedInvitation, setRevokedInvitation] = useState<PendingInvitation>();
  const rows = useMemo(() => (users.data ? toUserRows(users.data) : []), [users.data]);

  return (
    <div>
      <PageHeader
        level={2}
        title="Users"
        description="People who can use this workspace, and the invitations still waiting for an answer."
        actions={
          <Button
            onClick={() => setIsInviteOpen(true)}
            disabledReason={canEditMembers ? undefined : roleReason('admin', 'invite people')}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            Invite User
          </Button>
        }
      />
      {users.isPending ? (
        <LoadingText>Loading users...</LoadingText>
      ) : users.isError ? (
        <LoadError title={usersLoadErrorMessage} onRetry={() => void users.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Users} title="No users yet">
          Invite people to work on surveys with you.
        </EmptyState>
      ) : (
        <>
          {!canEditMembers && (
            <p className="mb-4 text-sm text-gray-600">
              Only workspace admins can invite people and change roles and statuses.
            </p>
          )}
          <UsersTable
            rows={rows}
            currentAccountId={currentAccountId}
            canEditMembers={canEditMembers}
            onEdit={setEditedUser}
            onRevoke={setRevokedInvitation}
          />
        </>
      )}
      <InviteUserModal isOpen={isInviteOpen} onOpenChange={setIsInviteOpen} />
      <EditUserModal
        user={editedUser}
        currentAccountId={currentAccountId}
        onClose={() => setEditedUser(undefined)}
      />
      <RevokeInvitationDialog
        invitation={revokedInvitation}
        onClose={() => setRevokedInvitation(undefined)}
      />
    </div>
  );
}
