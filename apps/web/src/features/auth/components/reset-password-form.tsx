import { passwordSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { passwordRulesText } from './password-rules';

const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

type ResetPasswordValues = z.infer<typeof resetPasswordFormSchema>;

const passwordResetFailedMessage = 'Failed to reset password.';

export function ResetPasswordForm({ token }: { token: string }) {
  const confirmReset = useConfirmPasswordReset();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string }>();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ResetPasswordValues>({
    mode: 'onTouched',
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const reply = await toastPromise(confirmReset.mutateAsync({ token, password }), {
        pending: 'Resetting password...',
        success: 'Password reset successfully!',
        error: passwordResetFailedMessage,
      });
      setResult({ tone: 'success', message: reply.message || 'Your password has been reset.' });
    } catch (error) {
      // A used or expired link cannot succeed on a retry; say so beside the form as well.
      if (getErrorStatus(error) === 400) {
        setResult({ tone: 'error', message: getErrorMessage(error, passwordResetFailedMessage) });
      }
    }
  });

  if (result?.tone === 'success') {
    return (
      <div className="space-y-6">
        <StatusMessage tone="success" title="Password updated">
          {result.message}
        </StatusMessage>
        <ButtonLink to="/sign-in" fullWidth size="lg">
          Sign In
        </ButtonLink>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {result?.tone === 'error' && (
        <StatusMessage tone="error" title="This reset link cannot be used">
          {result.message}{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            Request a new link
          </Link>
        </StatusMessage>
      )}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint={passwordRulesText}
        error={errors.password?.message}
        {...register('password', {
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth size="lg" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
