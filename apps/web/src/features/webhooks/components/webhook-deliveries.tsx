import type { WebhookDelivery } from '@graphium/shared';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhookDelivery } from '../api/redeliver-webhook-delivery';

const statusBadges = {
  pending: <Badge tone="blue">Pending</Badge>,
  delivered: <Badge tone="green">Delivered</Badge>,
  failed: <Badge tone="red">Failed</Badge>,
} as const;

/** What the last attempt got: the endpoint's status, or why it was not reached. */
function lastOutcome(delivery: WebhookDelivery): string {
  const [last] = delivery.attempts;
  if (!last) return 'Not attempted yet';
  const answer = last.statusCode === null ? (last.error ?? 'No answer') : `HTTP ${last.statusCode}`;
  return `${answer} in ${last.durationMs} ms`;
}

/** A webhook's delivery log: newest first, each with its attempts, and Redeliver. */
export function WebhookDeliveries({ webhookId, isEnabled }: { webhookId: string; isEnabled: boolean }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, page, { enabled: true });
  const redeliver = useRedeliverWebhookDelivery();

  const send = (delivery: WebhookDelivery) =>
    void toastPromise(redeliver.mutateAsync({ webhookId, deliveryId: delivery.deliveryId }), {
      pending: 'Redelivering...',
      success: 'Redelivery queued.',
      error: 'Failed to redeliver.',
    }).catch(() => undefined);

  return (
    <section aria-labelledby="webhook-deliveries-heading">
      <h3 id="webhook-deliveries-heading" className="mb-3 text-lg font-semibold text-gray-900">
        Delivery log
      </h3>
      {deliveries.isPending ? (
        <LoadingText>Loading deliveries...</LoadingText>
      ) : deliveries.isError ? (
        <StatusMessage tone="error" title="Failed to load the delivery log. Please try again." />
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="text-sm text-gray-600">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <>
          <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
            {deliveries.data.deliveries.map((delivery) => (
              <li
                key={delivery.deliveryId}
                className="p-4"
                aria-label={`${delivery.eventType} ${delivery.eventId}`}
              >
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm font-medium text-gray-900">
                        {delivery.eventType}
                      </span>
                      {statusBadges[delivery.status]}
                    </div>
                    <p className="mt-1 text-xs text-gray-600">
                      <span className="font-mono">{delivery.eventId}</span> ·{' '}
                      {formatDateTime(delivery.createdAt)} · {delivery.attemptCount}{' '}
                      {delivery.attemptCount === 1 ? 'attempt' : 'attempts'} · {lastOutcome(delivery)}
                      {delivery.nextAttemptAt && ` · next attempt ${formatDateTime(delivery.nextAttemptAt)}`}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => send(delivery)}
                    disabled={delivery.status === 'pending' || redeliver.isPending}
                    disabledReason={isEnabled ? undefined : 'Turn the webhook on to redeliver'}
                    aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Redeliver
                  </Button>
                </div>
                {delivery.attempts.length > 0 && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm text-indigo-700">Attempts</summary>
                    <ol className="mt-2 space-y-2">
                      {delivery.attempts.map((attempt) => (
                        <li
                          key={attempt.attemptedAt}
                          className="rounded-md bg-gray-50 p-2 text-xs text-gray-700"
                        >
                          <p>
                            {formatDateTime(attempt.attemptedAt)} ·{' '}
                            {attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`} ·{' '}
                            {attempt.durationMs} ms
                          </p>
                          {attempt.error && <p className="text-red-800">{attempt.error}</p>}
                          {attempt.responseExcerpt && (
                            <pre className="mt-1 overflow-x-auto whitespace-pre-wrap font-mono">
                              {attempt.responseExcerpt}
                            </pre>
                          )}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </li>
            ))}
          </ul>
          {deliveries.data.pagination.totalPages > 1 && (
            <div className="mt-3 flex items-center justify-end gap-2">
              <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <span className="text-sm text-gray-700">
                Page {page} of {deliveries.data.pagination.totalPages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPage(page + 1)}
                disabled={page >= deliveries.data.pagination.totalPages}
              >
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
