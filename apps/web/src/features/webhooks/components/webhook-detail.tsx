import { Check, ChevronLeft, Copy, Eye, EyeOff, Pencil, RefreshCw, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorStatus } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useWebhook } from '../api/get-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookStatusBadge } from './webhook-status-badge';

const backLink = (
  <Link
    to="/settings/webhooks"
    className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:text-indigo-900"
  >
    <ChevronLeft className="size-4" aria-hidden="true" />
    All webhooks
  </Link>
);

/** One webhook: its secret, a test event, on and off, and its delivery log with Redeliver. */
export function WebhookDetail({
  webhookId,
  canManageWebhooks,
}: {
  webhookId: string;
  canManageWebhooks: boolean;
}) {
  const webhook = useWebhook(webhookId, { enabled: canManageWebhooks });
  const sendTestEvent = useSendTestEvent();
  const updateWebhook = useUpdateWebhook();
  const [isEditOpen, setIsEditOpen] = useState(false);

  if (!canManageWebhooks) {
    return (
      <div>
        {backLink}
        <StatusMessage title="Only workspace admins can manage webhooks." />
      </div>
    );
  }
  if (webhook.isPending) return <LoadingText>Loading the webhook...</LoadingText>;
  if (webhook.isError) {
    return (
      <div>
        {backLink}
        <StatusMessage
          tone="error"
          title={getErrorStatus(webhook.error) === 404 ? 'Webhook not found.' : 'Failed to load the webhook.'}
        />
      </div>
    );
  }
  const data = webhook.data;
  const sendTest = () =>
    void toastPromise(sendTestEvent.mutateAsync(webhookId), {
      pending: 'Sending a test event...',
      success: 'Test event queued: it shows in the log below.',
      error: 'Failed to send a test event.',
    }).catch(() => undefined);
  const toggle = () =>
    void toastPromise(updateWebhook.mutateAsync({ webhookId, isEnabled: !data.isEnabled }), {
      pending: data.isEnabled ? 'Turning the webhook off...' : 'Turning the webhook on...',
      success: data.isEnabled ? 'Webhook turned off.' : 'Webhook turned on.',
      error: 'Failed to change the webhook.',
    }).catch(() => undefined);

  return (
    <div>
      {backLink}
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-gray-900">
            Webhook <WebhookStatusBadge webhook={data} />
          </h2>
          <p className="mt-1 font-mono text-sm break-all text-gray-700">{data.url}</p>
          {data.description && <p className="mt-1 text-sm text-gray-600">{data.description}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setIsEditOpen(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="secondary" onClick={toggle} disabled={updateWebhook.isPending}>
            {data.isEnabled ? 'Turn Off' : 'Turn On'}
          </Button>
          <Button
            onClick={sendTest}
            disabled={sendTestEvent.isPending}
            disabledReason={data.isEnabled ? undefined : 'Turn the webhook on to send a test event'}
          >
            <Send className="size-4" aria-hidden="true" />
            Send Test Event
          </Button>
        </div>
      </div>
      {!data.isEnabled && data.disabledReason && (
        <StatusMessage tone="info" title="This webhook is off" className="mb-6">
          {data.disabledReason}
          {data.disabledAt && ` (${formatDateTime(data.disabledAt)})`} Turn it on, then redeliver what it
          missed.
        </StatusMessage>
      )}
      {data.isEnabled && data.failingSince && (
        <StatusMessage tone="error" title="Deliveries are failing" className="mb-6">
          Since {formatDateTime(data.failingSince)}. After 24 hours of failures the webhook is turned off and
          the workspace's admins are told by e-mail.
        </StatusMessage>
      )}
      <div className="mb-8 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-gray-900">Events</dt>
            <dd className="mt-1 font-mono text-sm text-gray-700">{data.events.join(', ')}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-900">Created</dt>
            <dd className="mt-1 text-sm text-gray-700">{formatDateTime(data.createdAt)}</dd>
          </div>
        </dl>
        <div className="mt-4">
          <SigningSecret
            webhookId={webhookId}
            secret={data.secret}
            previousSecretExpiresAt={data.previousSecretExpiresAt}
          />
        </div>
      </div>
      <WebhookDeliveries webhookId={webhookId} isEnabled={data.isEnabled} />
      <WebhookFormDialog isOpen={isEditOpen} onOpenChange={setIsEditOpen} webhook={data} />
    </div>
  );
}

/** Rotate Secret, after a confirmation that says the current secret keeps signing for a day. */
function RotateSecret({ webhookId }: { webhookId: string }) {
  const rotate = useRotateWebhookSecret();
  const [isOpen, setIsOpen] = useState(false);
  const confirm = () =>
    void toastPromise(rotate.mutateAsync(webhookId), {
      pending: 'Rotating the secret...',
      success: 'New secret ready. The previous one signs too for 24 hours.',
      error: 'Failed to rotate the secret.',
    })
      .then(() => setIsOpen(false))
      .catch(() => undefined);
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)} className="shrink-0">
        <RefreshCw className="size-4" aria-hidden="true" />
        Rotate Secret
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Rotate Signing Secret"
        description="A new secret signs every request from now on. For 24 hours the current one signs too (a second signature in webhook-signature), so your endpoint keeps working while you update it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating...' : 'Rotate Secret'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">Copy the new secret into your endpoint within a day.</p>
      </Modal>
    </>
  );
}

function SigningSecret({
  webhookId,
  secret,
  previousSecretExpiresAt,
}: {
  webhookId: string;
  secret: string;
  previousSecretExpiresAt: string | null;
}) {
  const inputId = useId();
  const isPreviousSigning =
    previousSecretExpiresAt !== null && new Date(previousSecretExpiresAt).getTime() > Date.now();
  const containerRef = useRef<HTMLDivElement>(null);
  const [isShown, setIsShown] = useState(false);
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(secret, containerRef.current ?? undefined);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error('Failed to copy the secret. Reveal it and copy it yourself.');
    }
  };
  return (
    <div ref={containerRef}>
      <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
        Signing secret
      </label>
      <p className="text-sm text-gray-600">
        Your endpoint checks each request's <code className="text-xs">webhook-signature</code> with it.{' '}
        <Link
          to="/settings/webhooks/verifying"
          className="font-medium text-indigo-700 underline hover:text-indigo-900"
        >
          How to verify signatures
        </Link>
      </p>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          readOnly
          type={isShown ? 'text' : 'password'}
          value={secret}
          spellCheck={false}
          className={`${inputClasses} font-mono`}
        />
        <Button
          variant="secondary"
          onClick={() => setIsShown(!isShown)}
          aria-label={isShown ? 'Hide secret' : 'Reveal secret'}
          className="shrink-0"
        >
          {isShown ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void copy()}
          aria-label={isCopied ? 'Secret copied' : 'Copy secret'}
          className="shrink-0"
        >
          {isCopied ? (
            <Check className="size-4 text-green-700" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
        </Button>
        <RotateSecret webhookId={webhookId} />
      </div>
      {isPreviousSigning && (
        <p className="mt-1.5 text-sm text-gray-700">
          The previous secret also signs until {formatDateTime(previousSecretExpiresAt)}.
        </p>
      )}
    </div>
  );
}
