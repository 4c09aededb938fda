import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { useNotificationSettings } from '../api/get-notification-settings';
import { PhoneCountryForm } from './phone-country-form';
import { QuietHoursForm } from './quiet-hours-form';
import { SlackWebhookForm } from './slack-webhook-form';
import { SuppressionList } from './suppression-list';
import { UndeliveredNotifications } from './undelivered-notifications';

const notificationSettingsLoadErrorMessage = 'Failed to load notification settings. Please try again.';

type NotificationSettingsProps = {
  /** Admins change the Slack webhook and quiet hours (the server checks it too). */
  canManageSettings: boolean;
  /** Admins and editors change the suppression list; viewers only read. */
  canManageSuppressions: boolean;
};

/**
 * Settings → Notifications (decision 008): Slack webhook, quiet hours, default country for phone
 * numbers (decision 021), suppression list.
 */
export function NotificationSettings({
  canManageSettings,
  canManageSuppressions,
}: NotificationSettingsProps) {
  const settings = useNotificationSettings();

  return (
    <div>
      <PageHeader
        level={2}
        title="Notifications"
        description="Where alerts are sent, when reminders may go out, and who never receives messages."
      />
      {!canManageSettings && (
        <p className="mb-4 text-sm text-gray-600">
          {canManageSuppressions
            ? 'Only workspace admins can change the Slack webhook, quiet hours and default country for phone numbers.'
            : 'Only workspace admins and editors can change notification settings.'}
        </p>
      )}
      <div className="space-y-6">
        {settings.isPending ? (
          <LoadingText>Loading notification settings...</LoadingText>
        ) : settings.isError ? (
          <LoadError title={notificationSettingsLoadErrorMessage} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <SlackWebhookForm slackWebhookUrl={settings.data.slackWebhookUrl} canEdit={canManageSettings} />
            <QuietHoursForm
              values={{ quietHours: settings.data.quietHours, timeZone: settings.data.timeZone }}
              canEdit={canManageSettings}
            />
            <PhoneCountryForm phoneCountry={settings.data.phoneCountry} canEdit={canManageSettings} />
          </>
        )}
        <UndeliveredNotifications canRetry={canManageSuppressions} />
        <SuppressionList canEdit={canManageSuppressions} />
      </div>
    </div>
  );
}
