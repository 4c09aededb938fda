import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useAuthStatus } from '@/features/auth/api/get-startup';
import { CompleteSignUpForm } from '@/features/auth/components/complete-sign-up-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useInvitation } from '@/features/invitations/api/get-invitation';
import { AuthPage } from '../shells/auth-page';
import type { UnauthenticatedRouteHandle } from '../shells/unauthenticated-shell';

export const signUpRouteHandle: UnauthenticatedRouteHandle = {
  allowsSignedIn: (searchParams) => searchParams.get('complete') === '1',
};

const invitationIdSchema = z.uuid();

function useInvitationId(): string | undefined {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromState: unknown = (location.state as { workspaceInvitationId?: unknown } | null)
    ?.workspaceInvitationId;
  const candidate = fromState ?? searchParams.get('invitation') ?? undefined;
  const parsed = invitationIdSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

export function SignUpRoute() {
  const auth = useAuthStatus();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  if (searchParams.get('complete') === '1' && auth.status === 'authenticated') {
    return (
      <AuthPage
        title="Complete Your Sign Up"
        description="Tell us who you are to finish setting up your account."
      >
        <CompleteSignUpForm
          account={auth.startup.account}
          onCompleted={() => void navigate('/sign-in', { replace: true })}
        />
      </AuthPage>
    );
  }

  return <CreateAccount onSignedUp={() => void navigate('/dashboard', { replace: true })} />;
}

function CreateAccount({ onSignedUp }: { onSignedUp: () => void }) {
  const workspaceInvitationId = useInvitationId();
  const invitation = useInvitation(workspaceInvitationId);

  if (workspaceInvitationId && invitation.isPending) {
    return (
      <AuthPage title="Create an Account">
        <LoadingText>Loading invitation details...</LoadingText>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Create an Account"
      description={
        invitation.data
          ? `Create your account to join ${invitation.data.workspaceName}.`
          : 'Start building surveys for your business.'
      }
    >
      {invitation.isError && (
        <StatusMessage
          tone="error"
          className="mb-6"
          title="Unable to load invitation details. Please check the invitation link."
        >
          You can still create an account without joining the workspace.
        </StatusMessage>
      )}
      <SignUpForm
        key={invitation.data?.workspaceInvitationId ?? 'no-invitation'}
        invitation={
          invitation.data
            ? {
                workspaceInvitationId: invitation.data.workspaceInvitationId,
                workspaceName: invitation.data.workspaceName,
                emailAddress: invitation.data.emailAddress,
              }
            : undefined
        }
        onSignedUp={onSignedUp}
      />
    </AuthPage>
  );
}
