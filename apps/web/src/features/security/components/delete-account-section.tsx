import { type DeleteAccountInput, deleteAccountSchema, ownersResponsibilityNotice } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { SecuritySection } from './security-section';

/**
 * Settings → Security: the member deletes their own account with their password (decision 044).
 * The last admin of a workspace is told by the server to make someone else admin first.
 */
export function DeleteAccountSection() {
  const deleteAccount = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(deleteAccount.mutateAsync(values), {
        pending: 'Deleting your account...',
        success: 'Your account has been deleted.',
        error: 'Failed to delete your account.',
      });
    } catch (error) {
      const details = getErrorDetails(error);
      setError(details.password ? 'password' : 'root', {
        message: details.password ?? getErrorMessage(error, 'Failed to delete your account.'),
      });
    }
  });

  return (
    <SecuritySection
      id="delete-account"
      title="Delete account"
      description={`Your name, e-mail address and password are erased and you are signed out everywhere. What you made in your workspaces stays, shown as by “Deleted user”. This cannot be undone. ${ownersResponsibilityNotice}`}
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4" noValidate>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {errors.root?.message && <StatusMessage tone="error">{errors.root.message}</StatusMessage>}
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? 'Deleting...' : 'Delete Account'}
        </Button>
      </form>
    </SecuritySection>
  );
}
