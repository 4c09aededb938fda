import { useCan } from '@/features/auth/api/use-can';
import { PrivacyRequests } from '@/features/privacy/components/privacy-requests';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /settings/privacy: privacy requests, for admins (docs/decisions/043-erasure-and-access-requests.md). */
export function PrivacyRoute() {
  useDocumentTitle('Privacy Requests');
  return <PrivacyRequests isAdmin={useCan('admin')} />;
}
