import { CheckCircle2, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';

interface InfoQuery<Info> {
  data: Info | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface UnsubscribeMutation {
  mutateAsync: (token: string) => Promise<unknown>;
  error: unknown;
  isPending: boolean;
  isError: boolean;
}

interface UnsubscribeFlowProps<Info extends { isUnsubscribed: boolean }> {
  token: string;
  info: InfoQuery<Info>;
  unsubscribe: UnsubscribeMutation;
  /** The link is unknown or spoilt: the title and what to do instead. */
  invalid: { title: string; hint: ReactNode };
  /** Before the click: the heading and what stops. */
  confirm: (info: Info) => { heading: ReactNode; text: ReactNode };
  /** After it (or when the link was used before). */
  done: (info: Info) => ReactNode;
}

/**
 * The public page an unsubscribe link opens (decision 008; a digest's, decision 031): an invalid
 * link, loading, a load error with Try Again, the confirmation with its button, and the result.
 */
export function UnsubscribeFlow<Info extends { isUnsubscribed: boolean }>({
  token,
  info,
  unsubscribe,
  invalid,
  confirm,
  done,
}: UnsubscribeFlowProps<Info>) {
  const status = getErrorStatus(info.error);
  if (token === '' || (status !== undefined && status >= 400 && status < 500)) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-bold text-gray-900">Invalid unsubscribe link</h1>
        <StatusMessage tone="error" title={invalid.title}>
          {invalid.hint}
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
  if (info.isError || !info.data) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-bold text-gray-900">Unsubscribe</h1>
        <LoadError
          title="We could not load this page. Please try again."
          onRetry={() => void info.refetch()}
        />
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
          {done(info.data)}
        </p>
      </div>
    );
  }

  const { heading, text } = confirm(info.data);
  const submit = async () => {
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
        <h1 className="text-xl font-bold text-gray-900">{heading}</h1>
        <p className="mt-2 text-sm text-gray-600">{text}</p>
      </div>
      {unsubscribe.isError && (
        <StatusMessage tone="error" title={getErrorMessage(unsubscribe.error, 'Failed to unsubscribe.')} />
      )}
      <Button fullWidth onClick={() => void submit()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </div>
  );
}
