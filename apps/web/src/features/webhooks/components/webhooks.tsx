import type { Webhook } from '@graphium/shared';
import { Plus, ShieldCheck, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookStatusBadge } from './webhook-status-badge';

const loadErrorMessage = 'Failed to load webhooks. Please try again.';

/** Settings → Webhooks (docs/decisions/036-webhooks.md): the workspace's endpoints, for admins. */
export function Webhooks({ canManageWebhooks }: { canManageWebhooks: boolean }) {
  const webhooks = useWebhooks({ enabled: canManageWebhooks });
  const navigate = useNavigate();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [deleted, setDeleted] = useState<Webhook>();

  const addButton = (
    <Button onClick={() => setIsAddOpen(true)}>
      <Plus className="size-4" aria-hidden="true" />
      Add Webhook
    </Button>
  );
  const header = (
    <PageHeader
      level={2}
      title="Webhooks"
      description="Graphium posts your workspace's events (surveys sent, opened and completed, alerts, cases, unsubscribes) to your own endpoints, signed so that you can check they come from us."
      actions={
        canManageWebhooks && (
          <>
            <Link to="/settings/webhooks/verifying" className={buttonClasses({ variant: 'secondary' })}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              Verifying Signatures
            </Link>
            {addButton}
          </>
        )
      }
    />
  );
  if (!canManageWebhooks) {
    return (
      <div>
        {header}
        <StatusMessage title="Only workspace admins can manage webhooks." />
      </div>
    );
  }
  return (
    <div>
      {header}
      {webhooks.isPending ? (
        <LoadingText>Loading webhooks...</LoadingText>
      ) : webhooks.isError ? (
        <LoadError title={loadErrorMessage} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <EmptyState icon={WebhookIcon} title="No webhooks yet" action={addButton}>
          Add an endpoint to receive events as they happen.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
          {webhooks.data.webhooks.map((webhook) => (
            <li key={webhook.webhookId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <Link
                    to={`/settings/webhooks/${webhook.webhookId}`}
                    className="truncate font-mono text-sm font-medium text-indigo-700 underline hover:text-indigo-900"
                  >
                    {webhook.url}
                  </Link>
                  <WebhookStatusBadge webhook={webhook} />
                </div>
                {webhook.description && <p className="mt-1 text-sm text-gray-600">{webhook.description}</p>}
                <p className="mt-1 text-xs text-gray-600">{webhook.events.join(', ')}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDeleted(webhook)}
                aria-label={`Delete ${webhook.url}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <WebhookFormDialog
        isOpen={isAddOpen}
        onOpenChange={setIsAddOpen}
        onSaved={(webhook) => void navigate(`/settings/webhooks/${webhook.webhookId}`)}
      />
      <DeleteWebhookDialog webhook={deleted} onClose={() => setDeleted(undefined)} />
    </div>
  );
}

function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook | undefined; onClose: () => void }) {
  const deleteWebhook = useDeleteWebhook();
  const shown = useLastDefined(webhook);
  const remove = async () => {
    if (!webhook) return;
    try {
      await toastPromise(deleteWebhook.mutateAsync(webhook.webhookId), {
        pending: 'Deleting webhook...',
        success: 'Webhook deleted.',
        error: 'Failed to delete the webhook.',
      });
    } catch {
      return;
    }
    onClose();
  };
  return (
    <Modal
      isOpen={webhook !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Delete Webhook"
      size="small"
      description={shown ? `Delete the webhook to ${shown.url}? Its delivery log goes with it.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={deleteWebhook.isPending}>
            {deleteWebhook.isPending ? 'Deleting...' : 'Delete Webhook'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">No more events are sent to it.</p>
    </Modal>
  );
}
