import { SurveyAlerts } from '@/features/alerts/components/survey-alerts';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AlertsRoute() {
  useDocumentTitle('Alerts');
  const role = useCurrentStartup()?.workspaces[0]?.role;
  return <SurveyAlerts canChangeStatus={role === 'admin' || role === 'editor'} />;
}
