import { ssoSignInErrorMessage } from '@graphium/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useInvitation } from '@/features/invitations/api/get-invitation';
import { SsoSignInForm } from '@/features/single-sign-on/components/sso-sign-in-form';
import { takeSignedOutReason } from '@/lib/signed-out-reason';
import { AuthPage } from '../shells/auth-page';

const signInStateSchema = z.object({
  workspaceId: z.string().optional(),
  workspaceInvitationId: z.uuid().optional(),
  from: z.string().startsWith('/').optional(),
});

export function SignInRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = signInStateSchema.safeParse(location.state ?? {});
  const { workspaceInvitationId, from } = state.success ? state.data : {};
  const invitation = useInvitation(workspaceInvitationId);
  // "Your access to {workspace} was removed.", once, when that is why the session ended.
  const [signedOutReason] = useState(takeSignedOutReason);
  // The identity provider's callback comes back here when it did not open a session.
  const [searchParams] = useSearchParams();
  const ssoError = ssoSignInErrorMessage(searchParams.get('sso-error'));
  const [isSso, setIsSso] = useState(ssoError !== undefined);

  const goAfterSignIn = () => {
    const isSafeTarget = from && !from.startsWith('/sign-in') && !from.startsWith('//');
    void navigate(isSafeTarget ? from : '/dashboard', { replace: true });
  };

  return (
    <AuthPage
      title="Sign In"
      description={
        invitation.data
          ? `Sign in to join ${invitation.data.workspaceName}.`
          : 'Welcome back. Sign in to manage your surveys.'
      }
    >
      {workspaceInvitationId && invitation.isPending ? (
        <LoadingText>Loading invitation details...</LoadingText>
      ) : (
        <div className="space-y-6">
          {signedOutReason && <StatusMessage tone="error" title={signedOutReason} />}
          {ssoError && <StatusMessage tone="error" title={ssoError} />}
          {invitation.isError && (
            <StatusMessage
              tone="error"
              title="Unable to load invitation details. Please check the invitation link."
            />
          )}
          {isSso ? (
            <SsoSignInForm />
          ) : (
            <SignInForm
              workspaceInvitationId={workspaceInvitationId}
              defaultEmailAddress={invitation.data?.emailAddress}
              onSignedIn={goAfterSignIn}
            />
          )}
          {!workspaceInvitationId && (
            <Button variant="secondary" fullWidth onClick={() => setIsSso(!isSso)}>
              {isSso ? 'Sign In with Password' : 'Sign In with SSO'}
            </Button>
          )}
          <p className="text-center text-sm text-gray-600">
            Don&apos;t have an account?{' '}
            <Link
              to={workspaceInvitationId ? `/sign-up?invitation=${workspaceInvitationId}` : '/sign-up'}
              className="font-semibold text-indigo-700 hover:text-indigo-600 hover:underline"
            >
              Sign Up
            </Link>
          </p>
        </div>
      )}
    </AuthPage>
  );
}
