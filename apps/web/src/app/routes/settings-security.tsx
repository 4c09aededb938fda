import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useCan } from '@/features/auth/api/use-can';
import { SecuritySettings } from '@/features/security/components/security-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SecurityRoute() {
  useDocumentTitle('Security');
  const workspace = useCurrentStartup()?.workspaces[0];
  return (
    <SecuritySettings
      canManageWorkspace={useCan('admin')}
      workspaceName={workspace?.workspaceName ?? 'this workspace'}
    />
  );
}
