import { totpCodeMessage } from '@graphium/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';

type Values = { code: string; password: string };

/** Turning two-factor sign-in off takes a current code, or the password. */
export function DisableTwoFactorForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [isPassword, setIsPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { code: '', password: '' } });

  const onSubmit = handleSubmit(async ({ code, password }) => {
    const typed = code.replace(/\s/g, '');
    if (!isPassword && !/^\d{6}$/.test(typed)) return setError('code', { message: totpCodeMessage });
    if (isPassword && !password) return setError('password', { message: 'Password is required' });
    try {
      await toastPromise(disable.mutateAsync(isPassword ? { password } : { code: typed }), {
        pending: 'Turning off two-factor sign-in...',
        success: 'Two-factor sign-in is off.',
        error: 'Failed to turn off two-factor sign-in.',
      });
      onDone();
    } catch (error) {
      const details = getErrorDetails(error);
      if (details.code) setError('code', { message: details.code });
      if (details.password) setError('password', { message: details.password });
    }
  });

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4" noValidate>
      {isPassword ? (
        <PasswordField
          key="password"
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      ) : (
        <TextField
          key="code"
          label="Enter the 6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          clearErrors();
          setIsPassword((current) => !current);
        }}
      >
        {isPassword ? 'Use a code from your app instead' : 'Use your password instead'}
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={disable.isPending}>
          {disable.isPending ? 'Turning Off...' : 'Turn Off Two-Factor Sign-In'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
