import { invalidDigestUnsubscribeLinkMessage } from '@graphium/shared';
import { CheckCircle2, MailX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDigestUnsubscribeInfo } from '../api/get-digest-unsubscribe-info';
import { useUnsubscribeDigest } from '../api/unsubscribe-digest';

/** The public page a digest's unsubscribe link opens (docs/decisions/031-scheduled-reports.md). */
export function DigestUnsubscribeDetails({ token }: { token: string }) {
  const info = useDigestUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribeDigest();
  const status = getErrorStatus(info.error);

  if (token === '' || (status !== undefined && status >= 400 && status < 500)) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-bold text-gray-900">Invalid unsubscribe link</h1>
        <StatusMessage tone="error" title={invalidDigestUnsubscribeLinkMessage}>
          Use the link from the most recent digest you received, or end the digest in Settings → Digests.
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
        <StatusMessage tone="error" title="We could not load this page. Please try again.">
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void info.refetch()}>
            Try Again
          </Button>
        </StatusMessage>
      </div>
    );
  }
  if (info.data.isUnsubscribed) {
    return (
      <div className="space-y-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-bold text-gray-900">You have been unsubscribed</h1>
        <p role="status" className="text-sm text-gray-600">
          {info.data.digestName
            ? `You will no longer receive the ${info.data.digestName}${info.data.workspaceName ? ` from ${info.data.workspaceName}` : ''}.`
            : 'You will no longer receive this digest.'}
        </p>
      </div>
    );
  }

  const confirm = async () => {
    try {
      await toastPromise(unsubscribe.mutateAsync(token), {
        pending: 'Unsubscribing...',
        success: 'You have been unsubscribed.',
        error: 'Failed to unsubscribe.',
      });
    } catch {
      // The toast and the message below tell the person; the button stays to try again.
    }
  };
  return (
    <div className="space-y-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <MailX className="size-7" aria-hidden="true" />
      </span>
      <div>
        <h1 className="text-xl font-bold text-gray-900">Unsubscribe from this digest</h1>
        <p className="mt-2 text-sm text-gray-600">
          You will no longer receive the{' '}
          <span className="font-medium text-gray-900">{info.data.digestName}</span>
          {info.data.workspaceName ? ` from ${info.data.workspaceName}` : ''}.
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
