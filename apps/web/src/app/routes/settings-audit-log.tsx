import { AuditLog } from '@/features/audit-log/components/audit-log';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AuditLogRoute() {
  useDocumentTitle('Audit Log');
  const role = useCurrentStartup()?.workspaces[0]?.role;
  return <AuditLog canSeeAuditLog={role === 'admin'} />;
}
