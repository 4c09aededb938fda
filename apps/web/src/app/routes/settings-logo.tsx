import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { LogoSettings } from '@/features/logo/components/logo-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogoRoute() {
  useDocumentTitle('Logo');
  const startup = useCurrentStartup();
  return <LogoSettings canEdit={startup?.workspaces[0]?.role === 'admin'} />;
}
