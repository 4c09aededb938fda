import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useCan } from '@/features/auth/api/use-can';
import { WorkspaceUsers } from '@/features/workspace-users/components/workspace-users';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SettingsUsersRoute() {
  useDocumentTitle('Users');
  const startup = useCurrentStartup();
  return <WorkspaceUsers currentAccountId={startup?.account.accountId} canEditMembers={useCan('admin')} />;
}
