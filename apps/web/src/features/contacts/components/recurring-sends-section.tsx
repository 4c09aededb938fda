import { describeRecurrence, type RecurringSend } from '@graphium/shared';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useRoleReason } from '@/features/auth/api/use-can';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useRecurringSends } from '../api/get-recurring-sends';
import { useUpdateRecurringSend } from '../api/update-recurring-send';
import { RecurringSendModal } from './recurring-send-modal';

function RecurringRow({ item, reason }: { item: RecurringSend; reason: string | undefined }) {
  const update = useUpdateRecurringSend();
  const [isEditing, setIsEditing] = useState(false);
  const next = item.status === 'active' ? 'paused' : 'active';
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3">
      <div>
        <p className="font-medium text-gray-900">
          {item.templateName} to {item.segmentName}
        </p>
        <p className="text-sm text-gray-600">
          {describeRecurrence(item.every, item.period, item.sendTime)}
          {item.nextRunAt ? `; next run ${formatDateTime(item.nextRunAt)}` : ''}
          {item.lastResult
            ? `; last run sent ${item.lastResult.created}, skipped ${item.lastResult.skipped}`
            : ''}
        </p>
        {item.lastError && <p className="text-sm text-red-700">Last run: {item.lastError}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <Badge tone={item.status === 'active' ? 'green' : 'gray'}>
          {item.status === 'active' ? 'Active' : 'Paused'}
        </Badge>
        <Button
          variant="secondary"
          size="sm"
          disabledReason={reason}
          disabled={update.isPending}
          aria-label={`${next === 'paused' ? 'Pause' : 'Resume'} ${item.templateName} to ${item.segmentName}`}
          onClick={() =>
            void toastPromise(update.mutateAsync({ recurringSendId: item.recurringSendId, status: next }), {
              pending: next === 'paused' ? 'Pausing...' : 'Resuming...',
              success: next === 'paused' ? 'Recurring send paused.' : 'Recurring send resumed.',
              error: 'Failed to change the recurring send.',
            }).catch(() => undefined)
          }
        >
          {next === 'paused' ? 'Pause' : 'Resume'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabledReason={reason}
          aria-label={`Edit ${item.templateName} to ${item.segmentName}`}
          onClick={() => setIsEditing(true)}
        >
          Edit
        </Button>
      </div>
      <RecurringSendModal isOpen={isEditing} onOpenChange={setIsEditing} editing={item} />
    </li>
  );
}

/** Recurring sends of templates to segments (decisions 038 and 047): schedule, edit, pause and resume. */
export function RecurringSendsSection() {
  const recurring = useRecurringSends();
  const reason = useRoleReason('editor', 'schedule recurring sends');
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Recurring sends
        </h2>
        <Button variant="secondary" disabledReason={reason} onClick={() => setIsOpen(true)}>
          Schedule Recurring Send
        </Button>
      </div>
      {recurring.isPending ? (
        <LoadingText>Loading recurring sends...</LoadingText>
      ) : recurring.isError ? (
        <StatusMessage tone="error" title="Error loading recurring sends. Please try again." />
      ) : recurring.data.recurringSends.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No recurring sends yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
          {recurring.data.recurringSends.map((item) => (
            <RecurringRow key={item.recurringSendId} item={item} reason={reason} />
          ))}
        </ul>
      )}
      <RecurringSendModal isOpen={isOpen} onOpenChange={setIsOpen} />
    </section>
  );
}
