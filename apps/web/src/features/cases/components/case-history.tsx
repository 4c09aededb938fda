import { type CaseEvent, caseStatusLabels } from '@graphium/shared';
import { formatDateTime } from '@/lib/format';

const channelNames = { email: 'E-mail', sms: 'SMS' } as const;

/** What an event says, in words. */
function describe(event: CaseEvent): { title: string; body?: string | undefined } {
  const { details } = event;
  switch (event.type) {
    case 'created':
      return { title: 'Case opened by the alert' };
    case 'assigned':
      return { title: details.assignee ? `Assigned to ${details.assignee.name}` : 'Unassigned' };
    case 'status_changed':
      return {
        title: `Status: ${details.from ? caseStatusLabels[details.from] : ''} → ${details.to ? caseStatusLabels[details.to] : ''}`,
      };
    case 'note':
      return { title: 'Note', body: details.note };
    case 'reply_sent':
      return {
        title: `${channelNames[details.channel ?? 'email']} reply to ${details.recipient ?? 'the respondent'}`,
        body: [details.subject, details.body].filter(Boolean).join('\n\n'),
      };
    case 'reply_failed':
      return {
        title: `Reply not delivered to ${details.recipient ?? 'the respondent'}`,
        body: details.error,
      };
    case 'escalated':
      return {
        title: 'Escalated: overdue',
        body: details.escalatedTo?.length ? `Told ${details.escalatedTo.join(', ')}` : 'No admin to tell',
      };
  }
}

/** The case's history, oldest first. */
export function CaseHistory({ events }: { events: CaseEvent[] }) {
  return (
    <section aria-labelledby="case-history-heading">
      <h2 id="case-history-heading" className="mb-3 text-base font-semibold text-gray-900">
        History
      </h2>
      <ol className="space-y-3 border-l border-gray-200 pl-4">
        {events.map((event) => {
          const { title, body } = describe(event);
          return (
            <li key={event.caseEventId} className="text-sm">
              <p
                className={
                  event.type === 'reply_failed' ? 'font-medium text-red-700' : 'font-medium text-gray-900'
                }
              >
                {title}
              </p>
              <p className="text-gray-600">
                {event.actor ? `${event.actor.name} · ` : ''}
                {formatDateTime(event.createdAt)}
              </p>
              {body && <p className="mt-1 whitespace-pre-line text-gray-800">{body}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
