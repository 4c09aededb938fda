import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useRestoreWorkspace } from '../api/workspace-deletion';

type WorkspaceDeletionNoticeProps = {
  workspaceName: string;
  deletionDueAt: string;
  isAdmin: boolean;
};

/**
 * What a member sees instead of a workspace waiting to be deleted (decision 044): when it goes,
 * and for its admins the way back.
 */
export function WorkspaceDeletionNotice({
  workspaceName,
  deletionDueAt,
  isAdmin,
}: WorkspaceDeletionNoticeProps) {
  const restore = useRestoreWorkspace();
  const onRestore = () =>
    void toastPromise(restore.mutateAsync(), {
      pending: 'Restoring the workspace...',
      success: `${workspaceName} is restored.`,
      error: 'Failed to restore the workspace.',
    }).catch(() => {});
  return (
    <div className="mx-auto max-w-2xl py-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">
        {workspaceName} is scheduled for deletion
      </h1>
      <StatusMessage className="mt-6" title={`It will be deleted on ${formatDateTime(deletionDueAt)}.`}>
        Until then nobody can use it: sends, reminders, recurring sends, alerts and webhooks have stopped.{' '}
        {isAdmin
          ? 'You can restore it before that date.'
          : 'An admin of the workspace can restore it before that date.'}
      </StatusMessage>
      {isAdmin && (
        <Button className="mt-6" onClick={onRestore} disabled={restore.isPending}>
          {restore.isPending ? 'Restoring...' : 'Restore Workspace'}
        </Button>
      )}
    </div>
  );
}
