import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { restartSessionCache, useAuthStatus } from '@/features/auth/api/get-startup';
import { switchWorkspace } from '@/features/auth/api/switch-workspace';
import {
  InvitationDetails,
  type InvitationViewer,
} from '@/features/invitations/components/invitation-details';
import { useDocumentTitle } from '@/lib/use-document-title';

export function InviteRoute() {
  useDocumentTitle('Workspace Invitation');
  const { workspaceInvitationId = '' } = useParams();
  const auth = useAuthStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const viewer: InvitationViewer =
    auth.status === 'loading' ? 'loading' : auth.status === 'authenticated' ? 'signed-in' : 'signed-out';

  // The joined workspace becomes the one this browser acts in.
  const openJoinedWorkspace = async (workspaceId: string) => {
    const startup = await restartSessionCache(queryClient);
    const joined = startup?.workspaces.find((workspace) => workspace.workspaceId === workspaceId);
    if (startup && joined && startup.workspaces[0]?.workspaceId !== workspaceId) {
      await switchWorkspace(queryClient, startup.account.accountId, joined);
    }
    await navigate('/dashboard', { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <InvitationDetails
          workspaceInvitationId={workspaceInvitationId}
          viewer={viewer}
          onAccepted={openJoinedWorkspace}
        />
      </main>
    </div>
  );
}
