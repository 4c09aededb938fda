import { passwordResetRequestSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';
import { type PasswordResetRequest, useRequestPasswordReset } from '../api/request-password-reset';

const resetLinkSentMessage =
  'If an account exists for that email address, we have sent a link to reset your password. Check your inbox.';

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [confirmation, setConfirmation] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { emailAddress: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await toastPromise(requestReset.mutateAsync(values), {
        pending: 'Sending reset link...',
        success: 'Reset link sent!',
        error: 'Failed to send reset link.',
      });
      setConfirmation(reply.message || resetLinkSentMessage);
    } catch {
      return;
    }
  });

  if (confirmation) {
    return (
      <div className="space-y-6">
        <StatusMessage tone="success" title="Check your email">
          {confirmation}
        </StatusMessage>
        <p className="text-center text-sm text-gray-600">
          <Link to="/sign-in" className="font-semibold text-indigo-700 hover:text-indigo-600 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <Button type="submit" fullWidth size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Remembered it?{' '}
        <Link to="/sign-in" className="font-semibold text-indigo-700 hover:text-indigo-600 hover:underline">
          Sign In
        </Link>
      </p>
    </form>
  );
}
