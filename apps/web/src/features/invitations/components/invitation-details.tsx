import { type Invitation, isInvitationExpired } from '@graphium/shared';
import { Building2, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, hasServerMessage } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

export type InvitationViewer = 'loading' | 'signed-in' | 'signed-out';

/** What the sign-in and sign-up pages receive in navigation state from an invitation. */
type InvitationNavigationState = { workspaceId: string; workspaceInvitationId: string };

type InvitationDetailsProps = {
  workspaceInvitationId: string;
  viewer: InvitationViewer;
  onAccepted: (workspaceId: string) => void | Promise<void>;
};

export function formatMemberCount(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function InvitationDetails({ workspaceInvitationId, viewer, onAccepted }: InvitationDetailsProps) {
  const invitation = useInvitation(workspaceInvitationId);

  if (invitation.isPending) {
    return (
      <>
        <h1 className="sr-only">Workspace invitation</h1>
        <LoadingText>Loading invitation details...</LoadingText>
      </>
    );
  }

  if (invitation.isError) {
    return (
      <div className="space-y-6">
        <h1 className="text-xl font-bold text-gray-900">Workspace invitation</h1>
        <StatusMessage
          tone="error"
          title="Unable to load invitation details. Please check the invitation link."
        >
          {hasServerMessage(invitation.error) ? getErrorMessage(invitation.error) : undefined}
        </StatusMessage>
        <ButtonLink to="/" variant="secondary" fullWidth>
          Go to the home page
        </ButtonLink>
      </div>
    );
  }

  return <InvitationSummary invitation={invitation.data} viewer={viewer} onAccepted={onAccepted} />;
}

type InvitationSummaryProps = {
  invitation: Invitation;
  viewer: InvitationViewer;
  onAccepted: (workspaceId: string) => void | Promise<void>;
};

function InvitationSummary({ invitation, viewer, onAccepted }: InvitationSummaryProps) {
  const navigate = useNavigate();
  const acceptInvitation = useAcceptInvitation();
  const inviter = `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`;
  const isExpired = isInvitationExpired(invitation.expiresAt);
  const [isConfirming, setIsConfirming] = useState(false);

  const join = async () => {
    if (viewer === 'signed-in' && !isConfirming) {
      // Joining moves a signed-in person into the new workspace: ask first.
      setIsConfirming(true);
      return;
    }
    if (viewer === 'signed-out') {
      const state: InvitationNavigationState = {
        workspaceId: invitation.workspaceId,
        workspaceInvitationId: invitation.workspaceInvitationId,
      };
      await navigate(invitation.isExistingAccount ? '/sign-in' : '/sign-up', { state });
      return;
    }
    try {
      const reply = await toastPromise(acceptInvitation.mutateAsync(invitation.workspaceInvitationId), {
        pending: 'Accepting invitation...',
        success: `You joined ${invitation.workspaceName}!`,
        error: 'Failed to accept invitation.',
      });
      setIsConfirming(false);
      await onAccepted(reply.workspaceId);
    } catch {
      return;
    }
  };

  return (
    <div className="space-y-6">
      <div className="text-center">
        <h1 className="text-xl font-bold text-gray-900">{inviter} invited you to join the workspace</h1>
        {!isExpired && (
          <p className="mt-2 text-sm text-gray-600">
            Invitation expires {formatRelative(invitation.expiresAt)}
          </p>
        )}
      </div>

      {invitation.isWorkspaceMember ? (
        <div className="space-y-4">
          <StatusMessage tone="info" title="You are already a member of this workspace" />
          <ButtonLink to="/dashboard" fullWidth>
            Go to Dashboard
          </ButtonLink>
        </div>
      ) : invitation.isAccepted ? (
        <div className="space-y-4">
          <StatusMessage tone="info" title="This invitation has already been accepted">
            Sign in to open {invitation.workspaceName}.
          </StatusMessage>
          <ButtonLink to="/sign-in" fullWidth>
            Sign In
          </ButtonLink>
        </div>
      ) : isExpired ? (
        <StatusMessage tone="error" title="This invitation has expired">
          It expired {formatRelative(invitation.expiresAt)}. Ask {inviter} to send you a new invitation.
        </StatusMessage>
      ) : (
        <section
          aria-label="Workspace"
          className="rounded-xl border border-gray-200 bg-gray-50 p-6 text-center"
        >
          {invitation.workspaceSettings.workspaceLogoUrl ? (
            <img
              src={invitation.workspaceSettings.workspaceLogoUrl}
              alt={`${invitation.workspaceName} logo`}
              className="mx-auto h-16 max-w-48 object-contain"
            />
          ) : (
            <span className="mx-auto flex size-16 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700">
              <Building2 className="size-8" aria-hidden="true" />
            </span>
          )}
          <h2 className="mt-4 text-lg font-semibold text-gray-900">{invitation.workspaceName}</h2>
          <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-gray-600">
            <Users className="size-4" aria-hidden="true" />
            {formatMemberCount(invitation.workspaceMemberCount)}
          </p>
          <Button
            className="mt-6"
            fullWidth
            size="lg"
            onClick={() => void join()}
            disabled={viewer === 'loading' || acceptInvitation.isPending}
          >
            {acceptInvitation.isPending ? 'Joining...' : 'Join this organization'}
          </Button>
          <Modal
            isOpen={isConfirming}
            onOpenChange={setIsConfirming}
            title={`Join ${invitation.workspaceName}?`}
            size="small"
            description={`You will switch to ${invitation.workspaceName}.`}
            footer={
              <>
                <Button variant="secondary" onClick={() => setIsConfirming(false)}>
                  Cancel
                </Button>
                <Button onClick={() => void join()} disabled={acceptInvitation.isPending}>
                  {acceptInvitation.isPending ? 'Joining...' : 'Join'}
                </Button>
              </>
            }
          >
            <p className="text-sm text-gray-700">
              Your other workspaces stay in the workspace menu in the header.
            </p>
          </Modal>
          {viewer === 'signed-out' && (
            <p className="mt-3 text-sm text-gray-600">
              {invitation.isExistingAccount
                ? `You will sign in as ${invitation.emailAddress} to join.`
                : `You will create an account for ${invitation.emailAddress} to join.`}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
