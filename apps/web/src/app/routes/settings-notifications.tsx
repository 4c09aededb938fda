import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  const role = useCurrentStartup()?.workspaces[0]?.role;
  return (
    <NotificationSettings
      canManageSettings={role === 'admin'}
      canManageSuppressions={role === 'admin' || role === 'editor'}
    />
  );
}
