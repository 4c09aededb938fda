import { type ReactNode, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { Button } from './button';
import { TextField } from './form-field';
import { Modal } from './modal';
import { StatusMessage } from './status-message';

type TypedConfirmationDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** What goes and what it means, above the field. */
  children: ReactNode;
  /** The words to type (a name); the button stays disabled until they are typed exactly. */
  expected: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Runs the deletion with what was typed; a rejection is shown in the dialog. */
  onConfirm: (typed: string) => Promise<unknown>;
  failureMessage: string;
};

/**
 * A deletion that cannot be undone (docs/decisions/044-retention-and-deletions.md): the person
 * types the name of what goes before the red button works.
 */
export function TypedConfirmationDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  expected,
  confirmLabel,
  pendingLabel,
  onConfirm,
  failureMessage,
}: TypedConfirmationDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);

  const changeOpen = (open: boolean) => {
    setTyped('');
    setError(undefined);
    onOpenChange(open);
  };

  const confirm = async () => {
    setError(undefined);
    setIsPending(true);
    try {
      await onConfirm(typed);
    } catch (failure) {
      setError(getErrorMessage(failure, failureMessage));
      return;
    } finally {
      setIsPending(false);
    }
    changeOpen(false);
  };

  const isTyped = typed.trim() === expected;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={!isTyped || isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">{children}</div>
      <TextField
        className="mt-5"
        label={
          <>
            Type <span className="font-semibold">{expected}</span> to confirm
          </>
        }
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      {error && (
        <StatusMessage tone="error" className="mt-4">
          {error}
        </StatusMessage>
      )}
    </Modal>
  );
}
