import { AuditLog } from '@/features/audit-log/components/audit-log';
import { useCan } from '@/features/auth/api/use-can';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AuditLogRoute() {
  useDocumentTitle('Audit Log');
  return <AuditLog canSeeAuditLog={useCan('admin')} />;
}
