import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useCan } from '@/features/auth/api/use-can';
import { SsoSettings } from '@/features/single-sign-on/components/sso-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SingleSignOnRoute() {
  useDocumentTitle('Single Sign-On');
  const workspace = useCurrentStartup()?.workspaces[0];
  return (
    <SsoSettings
      customerId={workspace?.customerId}
      workspaceName={workspace?.workspaceName ?? 'this workspace'}
      canManage={useCan('admin')}
    />
  );
}
