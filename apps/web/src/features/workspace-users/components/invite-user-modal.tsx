import { type InviteUserInput, inviteUserSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { toastPromise } from '@/lib/toast';
import { useInviteUser } from '../api/invite-user';
import { roleOptions } from './user-rows';

type InviteUserValues = z.output<typeof inviteUserSchema>;

type InviteUserModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

const formId = 'invite-user-form';

export function InviteUserModal({ isOpen, onOpenChange }: InviteUserModalProps) {
  const inviteUser = useInviteUser();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteUserInput, unknown, InviteUserValues>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { emailAddress: '', role: 'editor' },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(inviteUser.mutateAsync(values), {
        pending: 'Sending invitation...',
        success: `Invitation sent to ${values.emailAddress}!`,
        error: 'Failed to send invitation.',
      });
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['emailAddress']));
      return;
    }
    changeOpen(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="Invite User"
      description="They will receive an email with a link to join this workspace."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={'Send Invitation'}
      pendingLabel="Sending..."
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="name@company.com"
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <SelectField
            label="Role"
            name={field.name}
            value={field.value ?? 'editor'}
            onValueChange={field.onChange}
            options={roleOptions}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormDialog>
  );
}
