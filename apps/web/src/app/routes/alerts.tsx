import { Bell } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AlertsRoute() {
  useDocumentTitle('Alerts');
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Responses that met the alert conditions of your survey templates."
      />
      <EmptyState icon={Bell} title="No alerts found">
        When a completed survey meets one of your alert conditions, the alert appears here.
      </EmptyState>
    </>
  );
}
