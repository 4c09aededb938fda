import { logoDeleteFailedMessage } from '@graphium/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDeleteLogo } from '../api/delete-logo';

const deleteLogoConfirmation = 'Are you sure you want to delete the current logo?';

type DeleteLogoDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

export function DeleteLogoDialog({ isOpen, onOpenChange }: DeleteLogoDialogProps) {
  const deleteLogo = useDeleteLogo();
  const [error, setError] = useState<string>();

  const changeOpen = (open: boolean) => {
    setError(undefined);
    onOpenChange(open);
  };

  const confirm = async () => {
    setError(undefined);
    try {
      await toastPromise(deleteLogo.mutateAsync(), {
        pending: 'Deleting logo...',
        success: (reply) => reply.message || 'Logo deleted.',
        error: logoDeleteFailedMessage,
      });
    } catch (failure) {
      setError(getErrorMessage(failure, logoDeleteFailedMessage));
      return;
    }
    changeOpen(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="Delete Logo"
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={deleteLogo.isPending}>
            {deleteLogo.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{deleteLogoConfirmation}</p>
      {error && (
        <StatusMessage tone="error" className="mt-4">
          {error}
        </StatusMessage>
      )}
    </Modal>
  );
}
