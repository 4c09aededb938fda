import { type UpsertContactInput, upsertContactSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useUpsertContact } from '../api/upsert-contact';

type ContactValues = z.output<typeof upsertContactSchema>;

const formId = 'add-contact-form';

/** Adds a contact, or updates the one with this address or number (decision 038). */
export function AddContactModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const upsert = useUpsertContact();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpsertContactInput, unknown, ContactValues>({
    resolver: zodResolver(upsertContactSchema),
    defaultValues: { name: '', emailAddress: '', phoneNumber: '', attributes: {} },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(upsert.mutateAsync(values), {
        pending: 'Saving contact...',
        success: 'Contact saved.',
        error: 'Failed to save the contact.',
      });
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['name', 'emailAddress', 'phoneNumber']));
      return;
    }
    changeOpen(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="Add Contact"
      description="A contact with this e-mail address or phone number is updated instead."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Save Contact"
      pendingLabel="Saving..."
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email Address"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="off"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </FormDialog>
  );
}
