import { ApiKeys } from '@/features/api-keys/components/api-keys';
import { useCan } from '@/features/auth/api/use-can';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ApiKeysRoute() {
  useDocumentTitle('API Keys');
  return <ApiKeys canManageKeys={useCan('admin')} />;
}
