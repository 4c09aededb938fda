import { totpCodeMessage } from '@graphium/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorMessage, hasServerMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useSignInWithCode } from '../api/sign-in-with-code';

type TwoFactorStepProps = {
  workspaceInvitationId?: string | undefined;
  onSignedIn: () => void;
  onBack: () => void;
};

type CodeValues = { code: string; recoveryCode: string };

/** The second step of a sign-in (docs/decisions/018-two-factor-and-sessions.md). */
export function TwoFactorStep({ workspaceInvitationId, onSignedIn, onBack }: TwoFactorStepProps) {
  const [isRecovery, setIsRecovery] = useState(false);
  const signIn = useSignInWithCode({ isJoiningWorkspace: Boolean(workspaceInvitationId) });
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CodeValues>({ defaultValues: { code: '', recoveryCode: '' } });

  const onSubmit = handleSubmit(async ({ code, recoveryCode }) => {
    const typedCode = code.replace(/\s/g, '');
    if (!isRecovery && !/^\d{6}$/.test(typedCode)) {
      setError('code', { message: totpCodeMessage });
      return;
    }
    if (isRecovery && !recoveryCode.trim()) {
      setError('recoveryCode', { message: 'Enter one of your recovery codes' });
      return;
    }
    try {
      await toastPromise(
        signIn.mutateAsync(isRecovery ? { recoveryCode: recoveryCode.trim() } : { code: typedCode }),
        {
          pending: 'Checking the code...',
          success: 'Successfully signed in!',
          error: (error) => (hasServerMessage(error) ? getErrorMessage(error) : 'Failed to sign in.'),
        },
      );
    } catch {
      return;
    }
    onSignedIn();
  });

  const switchMode = () => {
    clearErrors();
    setIsRecovery((current) => !current);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate aria-labelledby="two-factor-step-heading">
      <h2 id="two-factor-step-heading" className="text-lg font-semibold text-gray-900">
        Two-factor sign-in
      </h2>
      {isRecovery ? (
        <TextField
          key="recovery-code"
          label="Recovery code"
          hint="One of the ten codes you saved when you set up two-factor sign-in. Each works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={errors.recoveryCode?.message}
          {...register('recoveryCode')}
        />
      ) : (
        <TextField
          key="code"
          label="Enter the 6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <Button type="submit" fullWidth size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {isRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
