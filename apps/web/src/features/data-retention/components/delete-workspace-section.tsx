import { ownersResponsibilityNotice, workspaceDeletionGraceDays } from '@graphium/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { TypedConfirmationDialog } from '@/components/ui/typed-confirmation-dialog';
import { useRequestWorkspaceDeletion } from '../api/workspace-deletion';

type DeleteWorkspaceSectionProps = {
  workspaceName: string;
  isProviderWorkspace: boolean;
};

/** The workspace's admin deletes it: seven days to restore it, then everything goes. */
export function DeleteWorkspaceSection({ workspaceName, isProviderWorkspace }: DeleteWorkspaceSectionProps) {
  const [isOpen, setIsOpen] = useState(false);
  const request = useRequestWorkspaceDeletion();
  return (
    <SectionCard
      title="Delete workspace"
      description={`Deletes ${workspaceName} with all its templates, surveys, responses, contacts and settings. For ${workspaceDeletionGraceDays} days nobody can use it and an admin can restore it; then it is removed for good.`}
    >
      {isProviderWorkspace ? (
        <p className="text-sm text-gray-700">The provider workspace cannot be deleted.</p>
      ) : (
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          Delete Workspace
        </Button>
      )}
      <TypedConfirmationDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Delete Workspace"
        expected={workspaceName}
        confirmLabel="Delete Workspace"
        pendingLabel="Deleting..."
        failureMessage="Failed to delete the workspace."
        onConfirm={(typed) => request.mutateAsync(typed)}
      >
        <p>
          Members, API keys, sends, reminders, recurring sends, alerts and webhooks stop at once. After{' '}
          {workspaceDeletionGraceDays} days every template, survey, response, contact and setting of{' '}
          <span className="font-semibold">{workspaceName}</span> is removed and cannot be recovered.
        </p>
        <p>{ownersResponsibilityNotice}</p>
      </TypedConfirmationDialog>
    </SectionCard>
  );
}
