import type { EraseRespondentInput, ErasureResult } from '@graphium/shared';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useEraseRespondent } from '../api/erase-respondent';

/** The word typed to confirm an erasure. */
const erasureConfirmationWord = 'ERASE';

export const erasureWarning =
  'Erasure cannot be undone once it is done. Exports and backups taken before it still hold the respondent: they are your responsibility, erase the respondent there too.';

type Target = Pick<EraseRespondentInput, 'contact' | 'surveyId' | 'contactId'>;

type EraseRespondentDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The respondent: an address searched, a survey (the response page) or a contact. */
  target: Target;
  /** Who is erased, in words ("the respondent of this response"). */
  who: string;
  onErased?: (result: ErasureResult) => void;
};

function erasedSummary(result: ErasureResult): string {
  const surveys = result.eraseAnswers ? result.surveysRemoved : result.surveysErased;
  return `Respondent erased: ${surveys} ${surveys === 1 ? 'survey' : 'surveys'}, ${result.contactsErased} ${
    result.contactsErased === 1 ? 'contact' : 'contacts'
  }, ${result.messagesErased} ${result.messagesErased === 1 ? 'message' : 'messages'}.`;
}

/**
 * Erase a respondent (docs/decisions/043-erasure-and-access-requests.md): the mode ("Erase answers
 * as well"), the warning about earlier exports and backups, and the typed confirmation.
 */
export function EraseRespondentDialog({
  isOpen,
  onOpenChange,
  target,
  who,
  onErased,
}: EraseRespondentDialogProps) {
  const formId = useId();
  const [eraseAnswers, setEraseAnswers] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useEraseRespondent();
  const close = (open: boolean) => {
    if (!open) {
      setEraseAnswers(false);
      setTyped('');
    }
    onOpenChange(open);
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Erase respondent"
      description={`Erase ${who} from this workspace.`}
      formId={formId}
      isSubmitting={erase.isPending}
      canSubmit={typed.trim() === erasureConfirmationWord}
      submitLabel="Erase respondent"
      pendingLabel="Erasing..."
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim() !== erasureConfirmationWord) return;
        void toastPromise(erase.mutateAsync({ ...target, eraseAnswers }), {
          pending: 'Erasing the respondent...',
          success: erasedSummary,
          error: 'Failed to erase the respondent.',
        }).then(
          (result) => {
            close(false);
            onErased?.(result);
          },
          () => {},
        );
      }}
    >
      <p className="text-sm text-gray-700">
        Their contact methods, survey properties, free-text answers, contact record and message addresses are
        erased. Scale and choice answers stay as anonymous figures, so summaries and benchmarks do not move,
        unless you erase the answers as well. If they unsubscribed, they stay unsubscribed.
      </p>
      <CheckboxField
        label="Erase answers as well"
        hint={
          <p className="mt-1 ml-7 text-sm text-gray-600">
            Their surveys are removed with every answer, and summaries and benchmarks are corrected.
          </p>
        }
        checked={eraseAnswers}
        onChange={(event) => setEraseAnswers(event.target.checked)}
      />
      <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {erasureWarning}
      </p>
      <TextField
        label={`Type ${erasureConfirmationWord} to confirm`}
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </FormDialog>
  );
}
