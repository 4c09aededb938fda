import {
  createRecurringSendSchema,
  type RecurringPeriod,
  type RecurringSend,
  recurringPeriods,
  updateRecurringSendSchema,
} from '@graphium/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useTemplates } from '@/features/survey-templates/api/get-templates';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateRecurringSend } from '../api/create-recurring-send';
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

function initialValues(editing: RecurringSend | undefined) {
  return {
    surveyTemplateId: editing?.surveyTemplateId ?? '',
    segmentId: editing?.segmentId ?? '',
    every: String(editing?.every ?? 1),
    period: editing?.period ?? ('weeks' as RecurringPeriod),
    sendTime: editing?.sendTime ?? '09:00',
  };
}

/**
 * Schedule a template to a segment every N days, weeks or months at a local time; or, given
 * `editing`, change a schedule's segment and cadence (its template stays: decision 047).
 */
export function RecurringSendModal({
  isOpen,
  onOpenChange,
  editing,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  editing?: RecurringSend | undefined;
}) {
  const templates = useTemplates('survey');
  const segments = useSegments();
  const create = useCreateRecurringSend();
  const update = useUpdateRecurringSend();
  const [values, setValues] = useState(() => initialValues(editing));
  const [error, setError] = useState<string>();
  const id = useId();
  const set = (changes: Partial<typeof values>) => setValues({ ...values, ...changes });
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (isOpen) {
      setValues(initialValues(editing));
      setError(undefined);
    }
  }, [isOpen, editing]);

  const save = async (): Promise<void> => {
    if (editing) {
      const { surveyTemplateId: _template, ...changes } = values;
      const parsed = updateRecurringSendSchema.safeParse({ ...changes, every: Number(values.every) });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      await toastPromise(update.mutateAsync({ recurringSendId: editing.recurringSendId, ...parsed.data }), {
        pending: 'Saving...',
        success: 'Recurring send saved.',
        error: 'Failed to save the recurring send.',
      });
      return;
    }
    const parsed = createRecurringSendSchema.safeParse({ ...values, every: Number(values.every) });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    await toastPromise(create.mutateAsync(parsed.data), {
      pending: 'Scheduling...',
      success: 'Recurring send scheduled.',
      error: 'Failed to schedule the recurring send.',
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save();
    } catch (failure) {
      setError(
        getErrorMessage(
          failure,
          failure instanceof Error && failure.message
            ? failure.message
            : 'Failed to save the recurring send.',
        ),
      );
      return;
    }
    setError(undefined);
    onOpenChange(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Recurring Send' : 'Schedule Recurring Send'}
      description="In the workspace's time zone, never in its quiet hours (Settings, Notifications); new members of the segment are included, and the fatigue rule holds."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={isPending}>
            {editing ? (isPending ? 'Saving...' : 'Save Changes') : isPending ? 'Scheduling...' : 'Schedule'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
        <Field label="Survey template" id={`${id}-template`}>
          <select
            id={`${id}-template`}
            value={values.surveyTemplateId}
            disabled={editing !== undefined}
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
