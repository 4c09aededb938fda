import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getErrorDetails } from '@/lib/api-client';
import { Button } from './button';
import { Modal, type ModalSize } from './modal';

type FormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: ModalSize;
  /** The form's id: the submit button in the footer belongs to it. */
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** False keeps the submit button disabled (the form is incomplete). */
  canSubmit?: boolean;
  submitLabel: string;
  /** What the submit button says while the form is being submitted. */
  pendingLabel: string;
  /** Shown instead of the form when it cannot be filled in yet; the submit button stays disabled. */
  unavailable?: ReactNode;
  children: ReactNode;
};

/**
 * A dialog holding one form: title, fields, Cancel and a submit button that says what is
 * happening. It closes like every dialog (200 ms, Escape, a click outside); the caller closes it
 * after a successful submit.
 */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  size,
  formId,
  onSubmit,
  isSubmitting,
  canSubmit = true,
  submitLabel,
  pendingLabel,
  unavailable,
  children,
}: FormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={!canSubmit || isSubmitting || unavailable !== undefined}
          >
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      {unavailable ?? (
        <form id={formId} onSubmit={onSubmit} className="space-y-5" noValidate>
          {children}
        </form>
      )}
    </Modal>
  );
}

/**
 * Runs `start` each time the dialog opens (not on every render): a form starts again from the
 * thing it edits as it is now, without what an earlier opening left in it.
 */
export function useWhenOpened(isOpen: boolean, start: () => void) {
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    if (isOpen) latest.current();
  }, [isOpen]);
}

/**
 * Puts a refused save's field problems (the 400's `details`) on the form's fields, mapping the
 * server's names to the form's; returns whether any field got one.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (name: string) => Path<T> | undefined,
): boolean {
  let shown = false;
  for (const [name, message] of Object.entries(getErrorDetails(error))) {
    const field = fieldOf(name);
    if (field === undefined) continue;
    setError(field, { message });
    shown = true;
  }
  return shown;
}

/** The mapping for `showServerFieldErrors` when the server names the fields as the form does. */
export function sameNames<Field extends string>(fields: readonly Field[]) {
  return (name: string): Field | undefined => fields.find((field) => field === name);
}
