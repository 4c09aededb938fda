import type { UpdateWorkspaceUser, WorkspaceRole, WorkspaceUser } from '@graphium/shared';
import clsx from 'clsx';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { StatusMessage } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useUpdateWorkspaceUser } from '../api/update-workspace-user';
import { roleOptions } from './user-rows';

type EditUserModalProps = {
  user: WorkspaceUser | undefined;
  currentAccountId: string | undefined;
  onClose: () => void;
};

export function EditUserModal({ user, currentAccountId, onClose }: EditUserModalProps) {
  const shownUser = useLastDefined(user);
  return (
    <Modal
      isOpen={user !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Edit User"
      description={
        shownUser
          ? `${shownUser.account.firstName} ${shownUser.account.lastName} · ${shownUser.account.emailAddress}`
          : undefined
      }
    >
      {shownUser && (
        <EditUserForm
          key={shownUser.accountId}
          user={shownUser}
          isCurrentUser={shownUser.accountId === currentAccountId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

type EditUserFormProps = { user: WorkspaceUser; isCurrentUser: boolean; onClose: () => void };

function EditUserForm({ user, isCurrentUser, onClose }: EditUserFormProps) {
  const updateUser = useUpdateWorkspaceUser();
  const [role, setRole] = useState<WorkspaceRole>(user.role);
  const [isActive, setIsActive] = useState(user.isActive);

  const changes: UpdateWorkspaceUser = {
    ...(role !== user.role ? { role } : {}),
    ...(isActive !== user.isActive ? { isActive } : {}),
  };
  const hasChanges = Object.keys(changes).length > 0;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!hasChanges) return;
    try {
      await toastPromise(updateUser.mutateAsync({ accountId: user.accountId, changes }), {
        pending: 'Updating user...',
        success: 'User updated successfully!',
        error: 'Failed to update user.',
      });
    } catch {
      return;
    }
    onClose();
  };

  return (
    <form onSubmit={save} className="space-y-5">
      {!user.account.isActive && (
        <StatusMessage tone="info" title="This account is deactivated">
          The user cannot sign in, so they count as inactive whatever their membership status.
        </StatusMessage>
      )}
      <SelectField label="Role" value={role} onValueChange={setRole} options={roleOptions} />
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Membership</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {[
            { value: true, label: 'Active', description: 'Can use this workspace' },
            { value: false, label: 'Deactivated', description: 'Loses access to this workspace' },
          ].map((option) => (
            <label
              key={option.label}
              className={clsx(
                'flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-inset',
                isActive === option.value ? 'bg-indigo-50 ring-indigo-600' : 'ring-gray-300 hover:bg-gray-50',
              )}
            >
              <input
                type="radio"
                name="membership"
                className="mt-0.5 accent-indigo-600"
                checked={isActive === option.value}
                onChange={() => setIsActive(option.value)}
              />
              <span>
                <span className="block text-sm font-medium text-gray-900">{option.label}</span>
                <span className="block text-sm text-gray-600">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {isCurrentUser && (changes.isActive === false || (changes.role && changes.role !== 'admin')) && (
        <StatusMessage tone="error" title="This is your own membership">
          Saving will limit what you can do in this workspace.
        </StatusMessage>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!hasChanges || updateUser.isPending}>
          {updateUser.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
