import type { SurveyDelivery } from '@graphium/shared';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useRoleReason } from '@/features/auth/api/use-can';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { toastPromise } from '@/lib/toast';
import { deliveryChannelLabels } from '../api/get-survey-delivery';
import { useRetryDelivery } from '../api/retry-delivery';

/** Why a message was not delivered, as staff read it. */
function notDeliveredText(message: SurveyDelivery): string {
  return `Not delivered: ${message.lastError ?? 'the provider did not accept it'}`;
}

/** In a responses row: the first message that finally failed, and how many more did. */
export function NotDeliveredLine({ messages }: { messages: SurveyDelivery[] }) {
  const [first, ...others] = messages;
  if (!first) return null;
  return (
    <p className="mt-1 max-w-xs text-xs text-red-700">
      {notDeliveredText(first)}
      {others.length > 0 && ` (+${others.length} more)`}
    </p>
  );
}

/** On a response: each message that finally failed, with its reason and a way to send it again. */
export function UndeliveredMessages({
  surveyId,
  messages,
}: {
  surveyId: string;
  messages: SurveyDelivery[];
}) {
  const retry = useRetryDelivery();
  const formatPhone = useFormatPhone();
  const roleBlock = useRoleReason('editor', 'send messages again');
  if (messages.length === 0) return null;
  const sendAgain = async (message: SurveyDelivery) => {
    try {
      await toastPromise(retry.mutateAsync({ surveyId, outboxId: message.outboxId }), {
        pending: 'Sending again...',
        success: 'Queued to send again.',
        error: 'Failed to send again.',
      });
    } catch {
      // The toast told the user.
    }
  };
  return (
    <section aria-labelledby="undelivered-heading" className="rounded-xl bg-red-50 p-5 ring-1 ring-red-200">
      <h2 id="undelivered-heading" className="text-base font-semibold text-red-900">
        Not delivered
      </h2>
      <ul className="mt-3 space-y-3">
        {messages.map((message) => {
          const channel = deliveryChannelLabels[message.channel];
          const recipient = message.channel === 'sms' ? formatPhone(message.recipient) : message.recipient;
          return (
            <li
              key={message.outboxId}
              className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="text-sm">
                <p className="font-medium break-all text-gray-900">
                  {channel} to {recipient}
                </p>
                <p className="text-red-800">{notDeliveredText(message)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={retry.isPending}
                disabledReason={roleBlock}
                aria-label={`Send again: ${channel} to ${recipient}`}
                onClick={() => void sendAgain(message)}
              >
                <RotateCw className="size-4" aria-hidden="true" />
                Send again
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
