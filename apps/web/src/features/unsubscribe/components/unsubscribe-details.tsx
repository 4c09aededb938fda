import { invalidUnsubscribeLinkMessage } from '@graphium/shared';
import { UnsubscribeFlow } from '@/components/ui/unsubscribe-flow';
import { useUnsubscribeInfo } from '../api/get-unsubscribe-info';
import { useUnsubscribe } from '../api/unsubscribe';

/** The public page an e-mail's unsubscribe link opens (decision 008). */
export function UnsubscribeDetails({ token }: { token: string }) {
  return (
    <UnsubscribeFlow
      token={token}
      info={useUnsubscribeInfo(token)}
      unsubscribe={useUnsubscribe()}
      invalid={{
        title: invalidUnsubscribeLinkMessage,
        hint: 'Use the unsubscribe link from the most recent message you received, or reply to that message to ask the sender to stop.',
      }}
      confirm={(info) => ({
        heading: `Unsubscribe from ${info.workspaceName}`,
        text: (
          <>
            You will no longer receive surveys or reminders from {info.workspaceName} at{' '}
            <span className="font-medium text-gray-900">{info.maskedContact}</span>.
          </>
        ),
      })}
      done={(info) => (
        <>
          <span className="font-medium text-gray-900">{info.maskedContact}</span> will no longer receive
          messages from {info.workspaceName}.
        </>
      )}
    />
  );
}
