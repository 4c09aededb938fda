import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { getErrorMessage, getErrorStatus, hasServerMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { isTwoFactorChallenge, useLogin } from '../api/login';
import { TwoFactorStep } from './two-factor-step';

const signInFailedMessage = 'Failed to sign in. Please check your credentials.';

/** Rate limits and invitation problems have their own explanation; wrong credentials do not. */
function getSignInErrorMessage(error: unknown): string {
  const status = getErrorStatus(error);
  const isExplained = status === 403 || status === 409 || status === 429;
  return isExplained && hasServerMessage(error) ? getErrorMessage(error) : signInFailedMessage;
}

type SignInFormProps = {
  workspaceInvitationId?: string | undefined;
  defaultEmailAddress?: string | undefined;
  onSignedIn: () => void;
};

type SignInValues = { emailAddress: string; password: string };

export function SignInForm({ workspaceInvitationId, defaultEmailAddress, onSignedIn }: SignInFormProps) {
  const login = useLogin();
  const [isSecondStep, setIsSecondStep] = useState(false);
  const { register, handleSubmit } = useForm<SignInValues>({
    defaultValues: { emailAddress: defaultEmailAddress ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let result: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      result = await toastPromise(
        login.mutateAsync({ ...values, ...(workspaceInvitationId ? { workspaceInvitationId } : {}) }),
        {
          pending: 'Signing in...',
          success: (outcome) => (isTwoFactorChallenge(outcome) ? outcome.message : 'Successfully signed in!'),
          error: getSignInErrorMessage,
        },
      );
    } catch {
      return;
    }
    if (isTwoFactorChallenge(result)) setIsSecondStep(true);
    else onSignedIn();
  });

  if (isSecondStep) {
    return (
      <TwoFactorStep
        workspaceInvitationId={workspaceInvitationId}
        onSignedIn={onSignedIn}
        onBack={() => setIsSecondStep(false)}
      />
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
        {...register('emailAddress')}
      />
      <div>
        <PasswordField label="Password" autoComplete="current-password" {...register('password')} />
        <div className="mt-2 text-right">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-indigo-700 hover:text-indigo-600 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" fullWidth size="lg" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
