import type { SentSurvey, SurveyDelivery } from '@graphium/shared';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import {
  deliveryChannelLabels,
  deliveryWatchMs,
  useSurveyDelivery,
} from '@/features/responses/api/get-survey-delivery';
import { useRetryDelivery } from '@/features/responses/api/retry-delivery';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';

const statusTones: Record<SurveyDelivery['status'], BadgeTone> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
};
const statusLabels: Record<SurveyDelivery['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

type DeliveryStatusProps = { survey: SentSurvey; onSendAnother: () => void; onClose: () => void };

/** After sending: each invitation and how its delivery goes, read again every 2 s for about 20 s. */
export function DeliveryStatus({ survey, onSendAnother, onClose }: DeliveryStatusProps) {
  const [watchUntil, setWatchUntil] = useState(() => Date.now() + deliveryWatchMs);
  const query = useSurveyDelivery(survey.surveyId, watchUntil);
  const retry = useRetryDelivery();
  const rows = query.data?.delivery ?? survey.delivery;
  const formatPhone = useFormatPhone();
  const recipientOf = (row: SurveyDelivery) =>
    row.channel === 'sms' ? formatPhone(row.recipient) : row.recipient;

  const retryRow = async (row: SurveyDelivery) => {
    try {
      await toastPromise(retry.mutateAsync({ surveyId: survey.surveyId, outboxId: row.outboxId }), {
        pending: 'Retrying delivery...',
        success: 'Delivery retried.',
        error: 'Failed to retry delivery.',
      });
      setWatchUntil(Date.now() + deliveryWatchMs);
    } catch {
      // The toast told the user.
    }
  };

  return (
    <div className="space-y-6">
      <StatusMessage tone="success" title="Survey sent successfully!">
        The survey is on its way. Delivery status updates below.
      </StatusMessage>
      <div className="relative overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Delivery status</caption>
          <thead>
            <tr className="text-left text-gray-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Channel
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Recipient
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Status
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.outboxId}>
                <td className="py-2 pr-4 text-gray-900">{deliveryChannelLabels[row.channel]}</td>
                <td className="py-2 pr-4 break-all text-gray-900">{recipientOf(row)}</td>
                <td className="py-2 pr-4">
                  <Badge tone={statusTones[row.status]}>{statusLabels[row.status]}</Badge>
                  {row.lastError && row.status !== 'sent' && (
                    <p className="mt-1 text-xs text-gray-700">{row.lastError}</p>
                  )}
                </td>
                <td className="py-2 text-right">
                  {row.status === 'failed' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={retry.isPending}
                      aria-label={`Retry ${deliveryChannelLabels[row.channel]} to ${recipientOf(row)}`}
                      onClick={() => void retryRow(row)}
                    >
                      <RotateCw className="size-4" aria-hidden="true" />
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.isError && (
        <StatusMessage tone="error" title="Error loading delivery status">
          {getErrorMessage(query.error, 'Unknown error')}
        </StatusMessage>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onSendAnother}>Send another</Button>
      </div>
    </div>
  );
}
