import { useCan } from '@/features/auth/api/use-can';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return (
    <NotificationSettings canManageSettings={useCan('admin')} canManageSuppressions={useCan('editor')} />
  );
}
