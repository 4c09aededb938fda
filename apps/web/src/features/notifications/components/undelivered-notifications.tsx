import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import {
  useRetryNotification,
  useUndeliveredNotifications,
} from '@/features/alerts/api/undelivered-notifications';
import { roleReason } from '@/features/auth/api/use-can';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { SettingsSection } from './settings-section';

const channelLabels: Record<string, string> = { email: 'E-mail', slack: 'Slack', sms: 'SMS' };

/** Alert notifications (e-mail, Slack) that finally failed, with the reason and Send again. */
export function UndeliveredNotifications({ canRetry }: { canRetry: boolean }) {
  const query = useUndeliveredNotifications();
  const retry = useRetryNotification();
  const sendAgain = async (outboxId: string) => {
    try {
      await toastPromise(retry.mutateAsync(outboxId), {
        pending: 'Sending again...',
        success: 'Queued to send again.',
        error: 'Failed to send again.',
      });
    } catch {
      // The toast told the user.
    }
  };
  return (
    <SettingsSection
      title="Not delivered"
      description="Alert notifications that could not be delivered after every retry, newest first."
    >
      {query.isPending ? (
        <LoadingText>Loading notifications...</LoadingText>
      ) : query.isError ? (
        <StatusMessage tone="error" title="Failed to load the notifications that were not delivered." />
      ) : query.data.notifications.length === 0 ? (
        <p className="text-sm text-gray-600">Every alert notification was delivered.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {query.data.notifications.map((item) => (
            <li
              key={item.outboxId}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-gray-900">
                  {item.alertName}: {channelLabels[item.channel] ?? item.channel} to {item.recipient}
                </p>
                <p className="text-red-800">Not delivered: {item.lastError ?? 'the provider refused it'}</p>
                <p className="text-gray-600">{formatDateTime(item.updatedAt)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={retry.isPending}
                disabledReason={canRetry ? undefined : roleReason('editor', 'send notifications again')}
                aria-label={`Send again: ${item.alertName}, ${channelLabels[item.channel] ?? item.channel} to ${item.recipient}`}
                onClick={() => void sendAgain(item.outboxId)}
              >
                <RotateCw className="size-4" aria-hidden="true" />
                Send again
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
