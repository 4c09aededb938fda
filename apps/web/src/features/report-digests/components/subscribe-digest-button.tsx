import { type ReportFrequency, reportFrequencies } from '@graphium/shared';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateReportSubscription } from '../api/create-report-subscription';
import { useDeleteReportSubscription } from '../api/delete-report-subscription';
import { useReportSubscriptions } from '../api/get-report-subscriptions';
import { digestTiming, frequencyLabel } from './digest-labels';

type SubscribeDigestButtonProps = {
  /** The template whose digest this offers; absent: the dashboard's (every template). */
  templateId?: string | undefined;
  /** What the digest covers, as people read it ("After your visit", "the dashboard"). */
  scopeName: string;
};

/**
 * "Subscribe to digest" beside a template's Summary or on the Dashboard
 * (docs/decisions/031-scheduled-reports.md): the caller's own weekly and monthly digests of it.
 */
export function SubscribeDigestButton({ templateId, scopeName }: SubscribeDigestButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const subscriptions = useReportSubscriptions('mine');
  const create = useCreateReportSubscription();
  const remove = useDeleteReportSubscription();
  const mine = (subscriptions.data?.reportSubscriptions ?? []).filter((subscription) =>
    templateId ? subscription.surveyTemplateId === templateId : subscription.scope === 'dashboard',
  );
  const subscriptionOf = (frequency: ReportFrequency) =>
    mine.find((subscription) => subscription.frequency === frequency);
  const isBusy = create.isPending || remove.isPending;

  const toggle = async (frequency: ReportFrequency) => {
    const existing = subscriptionOf(frequency);
    const label = frequencyLabel(frequency).toLowerCase();
    try {
      if (existing) {
        await toastPromise(remove.mutateAsync(existing.reportSubscriptionId), {
          pending: 'Unsubscribing...',
          success: `You will no longer receive the ${label} digest.`,
          error: (error) => getErrorMessage(error, 'Failed to unsubscribe.'),
        });
      } else {
        await toastPromise(create.mutateAsync({ surveyTemplateId: templateId ?? null, frequency }), {
          pending: 'Subscribing...',
          success: `You will receive the ${label} digest by e-mail.`,
          error: (error) => getErrorMessage(error, 'Failed to subscribe.'),
        });
      }
    } catch {
      // The toast tells the person; the buttons stay to try again.
    }
  };

  const buttonLabel =
    mine.length === 0
      ? 'Subscribe to digest'
      : `Digest: ${reportFrequencies
          .filter((frequency) => subscriptionOf(frequency))
          .map(frequencyLabel)
          .join(', ')}`;

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        <Mail className="size-4" aria-hidden="true" />
        {buttonLabel}
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="E-mail digest"
        description={`The headline figures of ${scopeName} with their change, a chart, the latest comments and a link back, by e-mail.`}
        size="small"
        footer={
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Close
          </Button>
        }
      >
        {subscriptions.isPending ? (
          <LoadingText>Loading...</LoadingText>
        ) : subscriptions.isError ? (
          <StatusMessage tone="error" title="Failed to load your digests. Please try again." />
        ) : (
          <div className="space-y-4">
            <ul className="divide-y divide-gray-200 rounded-lg ring-1 ring-gray-200">
              {reportFrequencies.map((frequency) => {
                const isSubscribed = Boolean(subscriptionOf(frequency));
                const label = frequencyLabel(frequency);
                return (
                  <li key={frequency} className="flex items-center justify-between gap-3 px-4 py-3">
                    <span className="text-sm text-gray-900">
                      <span className="font-medium">{label}</span>
                      <span className="block text-gray-600">
                        {isSubscribed ? 'Subscribed' : 'Not subscribed'}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant={isSubscribed ? 'secondary' : 'primary'}
                      disabled={isBusy}
                      onClick={() => void toggle(frequency)}
                      aria-label={`${isSubscribed ? 'Unsubscribe from' : 'Subscribe to'} the ${label.toLowerCase()} digest`}
                    >
                      {isSubscribed ? 'Unsubscribe' : 'Subscribe'}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <p className="text-sm text-gray-600">{digestTiming}</p>
          </div>
        )}
      </Modal>
    </>
  );
}
