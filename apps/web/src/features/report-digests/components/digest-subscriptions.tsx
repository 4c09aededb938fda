import type { ReportSubscription } from '@graphium/shared';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDeleteReportSubscription } from '../api/delete-report-subscription';
import { useReportSubscriptions } from '../api/get-report-subscriptions';
import { AddMemberDigestForm, type DigestMember, type DigestTemplate } from './add-member-digest-form';
import { digestTiming, frequencyLabel, scopeLabel } from './digest-labels';

type DigestSubscriptionsProps = {
  isAdmin: boolean;
  /** The workspace's active members (admins add digests for them). */
  members: readonly DigestMember[];
  templates: readonly DigestTemplate[];
};

/** Settings → Digests (docs/decisions/031-scheduled-reports.md): your digests; admins see and add everyone's. */
export function DigestSubscriptions({ isAdmin, members, templates }: DigestSubscriptionsProps) {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-semibold text-gray-900">Digests</h2>
        <p className="mt-1 text-sm text-gray-600">
          E-mail summaries of a survey template or of the dashboard. {digestTiming}
        </p>
      </div>
      <SubscriptionsSection who="mine" title="Your digests" />
      {isAdmin && (
        <>
          <SubscriptionsSection who="workspace" title="Everyone’s digests" showsSubscriber />
          <section
            aria-labelledby="add-member-digest"
            className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
          >
            <h3 id="add-member-digest" className="text-lg font-semibold text-gray-900">
              Add a member’s digest
            </h3>
            <p className="mt-1 text-sm text-gray-600">Subscribe a member of this workspace to a digest.</p>
            <div className="mt-5">
              <AddMemberDigestForm members={members} templates={templates} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function SubscriptionsSection({
  who,
  title,
  showsSubscriber = false,
}: {
  who: 'mine' | 'workspace';
  title: string;
  showsSubscriber?: boolean;
}) {
  const subscriptions = useReportSubscriptions(who);
  const headingId = `digests-${who}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      <div className="mt-4">
        {subscriptions.isPending ? (
          <LoadingText>Loading...</LoadingText>
        ) : subscriptions.isError ? (
          <LoadError
            title="Failed to load the digests. Please try again."
            onRetry={() => void subscriptions.refetch()}
          />
        ) : subscriptions.data.reportSubscriptions.length === 0 ? (
          <EmptyState icon={Mail} title="No digests yet">
            {who === 'mine'
              ? 'Use “Subscribe to digest” on a template’s Responses tab or on the Dashboard.'
              : 'Nobody in this workspace receives a digest.'}
          </EmptyState>
        ) : (
          <SubscriptionsTable
            caption={title}
            rows={subscriptions.data.reportSubscriptions}
            showsSubscriber={showsSubscriber}
          />
        )}
      </div>
    </section>
  );
}

function SubscriptionsTable({
  caption,
  rows,
  showsSubscriber,
}: {
  caption: string;
  rows: readonly ReportSubscription[];
  showsSubscriber: boolean;
}) {
  const remove = useDeleteReportSubscription();
  const unsubscribe = async (subscription: ReportSubscription) => {
    try {
      await toastPromise(remove.mutateAsync(subscription.reportSubscriptionId), {
        pending: 'Unsubscribing...',
        success: 'The digest was ended.',
        error: (error) => getErrorMessage(error, 'Failed to unsubscribe.'),
      });
    } catch {
      // The toast tells the person; the button stays to try again.
    }
  };
  const cell = 'px-3 py-2 text-left text-sm';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-gray-600">
            {showsSubscriber && (
              <th scope="col" className={`${cell} font-medium`}>
                Member
              </th>
            )}
            <th scope="col" className={`${cell} font-medium`}>
              Digest of
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Frequency
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((subscription) => {
            const who = `${subscription.subscriber.firstName} ${subscription.subscriber.lastName}`;
            const what = `${frequencyLabel(subscription.frequency).toLowerCase()} digest of ${scopeLabel(subscription)}`;
            return (
              <tr key={subscription.reportSubscriptionId}>
                {showsSubscriber && (
                  <td className={cell}>
                    <span className="font-medium text-gray-900">{who}</span>
                    <span className="block text-gray-600">{subscription.subscriber.emailAddress}</span>
                  </td>
                )}
                <td className={`${cell} text-gray-900`}>{scopeLabel(subscription)}</td>
                <td className={`${cell} text-gray-900`}>{frequencyLabel(subscription.frequency)}</td>
                <td className={`${cell} text-right`}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => void unsubscribe(subscription)}
                    aria-label={
                      showsSubscriber ? `Unsubscribe ${who} from the ${what}` : `Unsubscribe from the ${what}`
                    }
                  >
                    Unsubscribe
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
