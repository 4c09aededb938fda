import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useCan } from '@/features/auth/api/use-can';
import { DataRetentionSettings } from '@/features/data-retention/components/data-retention-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DataRetentionRoute() {
  useDocumentTitle('Data Retention');
  const workspace = useCurrentStartup()?.workspaces[0];
  return (
    <DataRetentionSettings
      isAdmin={useCan('admin')}
      workspaceName={workspace?.workspaceName ?? ''}
      isProviderWorkspace={workspace?.isGraphiumWorkspace ?? false}
    />
  );
}
