import {
  createRecurringSendSchema,
  describeRecurrence,
  type RecurringPeriod,
  type RecurringSend,
  recurringPeriods,
} from '@graphium/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useRoleReason } from '@/features/auth/api/use-can';
import { useTemplates } from '@/features/survey-templates/api/get-templates';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useCreateRecurringSend } from '../api/create-recurring-send';
import { useRecurringSends } from '../api/get-recurring-sends';
import { useSegments } from '../api/get-segments';
import { useUpdateRecurringSend } from '../api/update-recurring-send';

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Schedule a template to a segment every N days, weeks or months at a local time. */
function ScheduleModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const templates = useTemplates('survey');
  const segments = useSegments();
  const create = useCreateRecurringSend();
  const [values, setValues] = useState({
    surveyTemplateId: '',
    segmentId: '',
    every: '1',
    period: 'weeks' as RecurringPeriod,
    sendTime: '09:00',
  });
  const [error, setError] = useState<string>();
  const id = useId();
  const set = (changes: Partial<typeof values>) => setValues({ ...values, ...changes });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createRecurringSendSchema.safeParse({ ...values, every: Number(values.every) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await toastPromise(create.mutateAsync(parsed.data), {
        pending: 'Scheduling...',
        success: 'Recurring send scheduled.',
        error: 'Failed to schedule the recurring send.',
      });
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to schedule the recurring send.'));
      return;
    }
    setError(undefined);
    onOpenChange(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Schedule Recurring Send"
      description="In the workspace's time zone, never in its quiet hours; new members of the segment are included, and the fatigue rule holds."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={create.isPending}>
            {create.isPending ? 'Scheduling...' : 'Schedule'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
        <Field label="Survey template" id={`${id}-template`}>
          <select
            id={`${id}-template`}
            value={values.surveyTemplateId}
            onChange={(event) => set({ surveyTemplateId: event.target.value })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Choose a template</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.templateId} value={template.templateId}>
                {template.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Segment" id={`${id}-segment`}>
          <select
            id={`${id}-segment`}
            value={values.segmentId}
            onChange={(event) => set({ segmentId: event.target.value })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Choose a segment</option>
            {(segments.data?.segments ?? []).map((segment) => (
              <option key={segment.segmentId} value={segment.segmentId}>
                {segment.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-wrap gap-3">
          <Field label="Every" id={`${id}-every`}>
            <input
              id={`${id}-every`}
              type="number"
              min={1}
              value={values.every}
              onChange={(event) => set({ every: event.target.value })}
              className={`${inputClasses} mt-1.5 w-24`}
            />
          </Field>
          <Field label="Period" id={`${id}-period`}>
            <select
              id={`${id}-period`}
              value={values.period}
              onChange={(event) => set({ period: event.target.value as RecurringPeriod })}
              className={`${inputClasses} mt-1.5`}
            >
              {recurringPeriods.map((period) => (
                <option key={period} value={period}>
                  {period}
                </option>
              ))}
            </select>
          </Field>
          <Field label="At (local time)" id={`${id}-time`}>
            <input
              id={`${id}-time`}
              type="time"
              value={values.sendTime}
              onChange={(event) => set({ sendTime: event.target.value })}
              className={`${inputClasses} mt-1.5`}
            />
          </Field>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </form>
    </Modal>
  );
}

function RecurringRow({ item, reason }: { item: RecurringSend; reason: string | undefined }) {
  const update = useUpdateRecurringSend();
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
      </div>
    </li>
  );
}

/** Recurring sends of templates to segments (decision 038): schedule, pause and resume. */
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
      <ScheduleModal isOpen={isOpen} onOpenChange={setIsOpen} />
    </section>
  );
}
