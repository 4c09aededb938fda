import { useCan } from '@/features/auth/api/use-can';
import { LogoSettings } from '@/features/logo/components/logo-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogoRoute() {
  useDocumentTitle('Logo');
  return <LogoSettings canEdit={useCan('admin')} />;
}
