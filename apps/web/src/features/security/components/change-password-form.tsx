import {
  type ChangePassword,
  type ChangePasswordInput,
  changePasswordSchema,
  passwordRules,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { SecuritySection } from './security-section';

const passwordRulesText = `${passwordRules.minLength}–${passwordRules.maxLength} characters with an uppercase letter, a lowercase letter, a digit and a symbol.`;

/** Settings → Security: a new password, given the current one; other sessions end, this one stays. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(change.mutateAsync(values), {
        pending: 'Changing your password...',
        success: 'Your password has been changed. Your other sessions have been signed out.',
        error: 'Failed to change your password.',
      });
      reset();
    } catch (error) {
      for (const [field, message] of Object.entries(getErrorDetails(error))) {
        if (field === 'currentPassword' || field === 'newPassword') setError(field, { message });
      }
    }
  });

  return (
    <SecuritySection
      id="password"
      title="Password"
      description="Changing your password signs you out everywhere else."
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4" noValidate>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint={passwordRulesText}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </SecuritySection>
  );
}
