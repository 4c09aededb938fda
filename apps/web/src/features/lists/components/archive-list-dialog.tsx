import type { List } from '@graphium/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toastPromise } from '@/lib/toast';
import { useUpdateListState } from '../api/update-list-state';

type ArchiveListDialogProps = {
  list: Pick<List, 'listId' | 'listName'>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

export function ArchiveListDialog({ list, isOpen, onOpenChange }: ArchiveListDialogProps) {
  const updateState = useUpdateListState();

  const archive = async () => {
    try {
      await toastPromise(updateState.mutateAsync({ listId: list.listId, stateCode: 'ARCHIVED' }), {
        pending: 'Archiving list...',
        success: 'List archived successfully!',
        error: 'Failed to archive list.',
      });
    } catch {
      return;
    }
    onOpenChange(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Archive List"
      size="small"
      description={`Are you sure you want to archive ${list.listName}?`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void archive()} disabled={updateState.isPending}>
            {updateState.isPending ? 'Archiving...' : 'Archive'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">
        An archived list can no longer be published or changed. Its items stay available to surveys that
        already use them.
      </p>
    </Modal>
  );
}
