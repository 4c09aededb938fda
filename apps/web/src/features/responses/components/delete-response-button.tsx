import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useRoleReason } from '@/features/auth/api/use-can';
import { toastPromise } from '@/lib/toast';
import { useDeleteSurvey } from '../api/delete-survey';

/**
 * "Delete response" on the response page (editors; viewers see why not; docs/decisions/043):
 * the survey and its answers go, and the summaries are corrected. Back to the list after it.
 */
export function DeleteResponseButton({ surveyId, backTo }: { surveyId: string; backTo: string }) {
  const roleBlock = useRoleReason('editor', 'delete responses');
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteSurvey();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="secondary" size="sm" disabledReason={roleBlock} onClick={() => setIsOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete response
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Delete response"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                void toastPromise(remove.mutateAsync(surveyId), {
                  pending: 'Deleting the response...',
                  success: 'Response deleted.',
                  error: 'Failed to delete the response.',
                }).then(
                  () => {
                    setIsOpen(false);
                    void navigate(backTo);
                  },
                  () => {},
                )
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete response'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">
          The survey and every answer in it are deleted, and summaries and benchmarks are corrected. This
          cannot be undone. Exports and backups taken before still hold it: they are your responsibility.
        </p>
      </Modal>
    </>
  );
}
