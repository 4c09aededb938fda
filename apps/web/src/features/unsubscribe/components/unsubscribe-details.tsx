import { invalidUnsubscribeLinkMessage, type UnsubscribeInfo } from '@graphium/shared';
import { CheckCircle2, MailX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useUnsubscribeInfo } from '../api/get-unsubscribe-info';
import { useUnsubscribe } from '../api/unsubscribe';

const unsubscribeLoadErrorMessage = 'We could not load this page. Please try again.';

/** The public page an e-mail's unsubscribe link opens (decision 008). */
export function UnsubscribeDetails({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  const status = getErrorStatus(info.error);
  const isInvalidLink = token === '' || (status !== undefined && status >= 400 && status < 500);

  if (isInvalidLink) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-bold text-gray-900">Invalid unsubscribe link</h1>
        <StatusMessage tone="error" title={invalidUnsubscribeLinkMessage}>
          Use the unsubscribe link from the most recent message you received, or reply to that message to ask
          the sender to stop.
        </StatusMessage>
      </div>
    );
  }

  if (info.isPending) {
    return (
      <>
        <h1 className="sr-only">Unsubscribe</h1>
        <LoadingText>Loading...</LoadingText>
      </>
    );
  }

  if (info.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-bold text-gray-900">Unsubscribe</h1>
        <StatusMessage tone="error" title={unsubscribeLoadErrorMessage}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void info.refetch()}>
            Try Again
          </Button>
        </StatusMessage>
      </div>
    );
  }

  return info.data.isUnsubscribed ? (
    <Unsubscribed info={info.data} />
  ) : (
    <UnsubscribeForm token={token} info={info.data} />
  );
}

function UnsubscribeForm({ token, info }: { token: string; info: UnsubscribeInfo }) {
  const unsubscribe = useUnsubscribe();

  const confirm = async () => {
    try {
      await toastPromise(unsubscribe.mutateAsync(token), {
        pending: 'Unsubscribing...',
        success: 'You have been unsubscribed.',
        error: 'Failed to unsubscribe.',
      });
    } catch {
      // The error toast and the message below tell the person; the button stays to try again.
    }
  };

  return (
    <div className="space-y-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <MailX className="size-7" aria-hidden="true" />
      </span>
      <div>
        <h1 className="text-xl font-bold text-gray-900">Unsubscribe from {info.workspaceName}</h1>
        <p className="mt-2 text-sm text-gray-600">
          You will no longer receive surveys or reminders from {info.workspaceName} at{' '}
          <span className="font-medium text-gray-900">{info.maskedContact}</span>.
        </p>
      </div>
      {unsubscribe.isError && (
        <StatusMessage tone="error" title={getErrorMessage(unsubscribe.error, 'Failed to unsubscribe.')} />
      )}
      <Button fullWidth onClick={() => void confirm()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </div>
  );
}

function Unsubscribed({ info }: { info: UnsubscribeInfo }) {
  return (
    <div className="space-y-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckCircle2 className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-bold text-gray-900">You have been unsubscribed</h1>
      <p role="status" className="text-sm text-gray-600">
        <span className="font-medium text-gray-900">{info.maskedContact}</span> will no longer receive
        messages from {info.workspaceName}.
      </p>
    </div>
  );
}
