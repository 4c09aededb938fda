import { passwordResetConfirmSchema } from '@graphium/shared';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { AuthPage } from '../shells/auth-page';
import type { UnauthenticatedRouteHandle } from '../shells/unauthenticated-shell';

export const resetPasswordRouteHandle: UnauthenticatedRouteHandle = { allowsSignedIn: () => true };

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = passwordResetConfirmSchema.shape.token.safeParse(searchParams.get('token'));

  return (
    <AuthPage title="Reset Password" description="Choose a new password for your account.">
      {token.success ? (
        <ResetPasswordForm token={token.data} />
      ) : (
        <div className="space-y-6">
          <StatusMessage tone="error" title="This password reset link is invalid or incomplete">
            Open the link from your email again, or request a new one.
          </StatusMessage>
          <ButtonLink to="/forgot-password" fullWidth>
            Request a New Link
          </ButtonLink>
        </div>
      )}
    </AuthPage>
  );
}
