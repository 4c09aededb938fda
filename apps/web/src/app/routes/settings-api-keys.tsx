import { ApiKeys } from '@/features/api-keys/components/api-keys';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ApiKeysRoute() {
  useDocumentTitle('API Keys');
  const startup = useCurrentStartup();
  return <ApiKeys canManageKeys={startup?.workspaces[0]?.role === 'admin'} />;
}
