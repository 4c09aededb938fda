import { SurveyAlerts } from '@/features/alerts/components/survey-alerts';
import { useCan } from '@/features/auth/api/use-can';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AlertsRoute() {
  useDocumentTitle('Alerts');
  return <SurveyAlerts canChangeStatus={useCan('editor')} />;
}
