import { ownersResponsibilityNotice } from '@graphium/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TypedConfirmationDialog } from '@/components/ui/typed-confirmation-dialog';
import { roleReason, useCan } from '@/features/auth/api/use-can';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useDeleteTemplate } from '../api/delete-template';

type DeleteTemplateButtonProps = {
  templateId: string;
  templateName: string;
};

/**
 * An admin deletes a survey template with all its versions, surveys and responses, its name
 * typed (docs/decisions/044-retention-and-deletions.md).
 */
export function DeleteTemplateButton({ templateId, templateName }: DeleteTemplateButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const deleteTemplate = useDeleteTemplate();
  const navigate = useNavigate();
  const isAdmin = useCan('admin');

  const confirm = async (typed: string) => {
    const report = await toastPromise(
      deleteTemplate.mutateAsync({ surveyTemplateId: templateId, confirmation: typed }),
      {
        pending: 'Deleting the survey template...',
        success: (done) =>
          `${templateName} deleted with ${formatNumber(done.surveys)} surveys (${formatNumber(done.completedSurveys)} completed).`,
        error: 'Failed to delete the survey template.',
      },
    );
    await navigate('/survey-templates', { replace: true });
    return report;
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setIsOpen(true)}
        disabledReason={isAdmin ? undefined : roleReason('admin', 'delete survey templates')}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <TypedConfirmationDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Delete Survey Template"
        expected={templateName}
        confirmLabel="Delete Template"
        pendingLabel="Deleting..."
        failureMessage="Failed to delete the survey template."
        onConfirm={confirm}
      >
        <p>
          Every version of <span className="font-semibold">{templateName}</span>, every survey sent from it
          with its responses, its public links, recurring sends, digests and alerts are removed, and its
          figures leave the dashboards and benchmarks. This cannot be undone.
        </p>
        <p>{ownersResponsibilityNotice}</p>
      </TypedConfirmationDialog>
    </>
  );
}
