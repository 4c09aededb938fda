import type { PendingInvitation } from '@graphium/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useRevokeInvitation } from '../api/revoke-invitation';

type RevokeInvitationDialogProps = {
  invitation: PendingInvitation | undefined;
  onClose: () => void;
};

export function RevokeInvitationDialog({ invitation, onClose }: RevokeInvitationDialogProps) {
  const revokeInvitation = useRevokeInvitation();
  const shownInvitation = useLastDefined(invitation);

  const revoke = async () => {
    if (!invitation) return;
    try {
      await toastPromise(revokeInvitation.mutateAsync(invitation.workspaceInvitationId), {
        pending: 'Revoking invitation...',
        success: 'Invitation revoked.',
        error: 'Failed to revoke invitation.',
      });
    } catch {
      return;
    }
    onClose();
  };

  return (
    <Modal
      isOpen={invitation !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Revoke Invitation"
      size="small"
      description={
        shownInvitation ? `The link sent to ${shownInvitation.emailAddress} will stop working.` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void revoke()} disabled={revokeInvitation.isPending}>
            {revokeInvitation.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">You can send a new invitation at any time.</p>
    </Modal>
  );
}
