import {
  defaultReminderMessage,
  type Period,
  periodSchema,
  periods,
  type Reminder,
  reminderDurationSchema,
  reminderEvents,
  reminderSchema,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { capitalize } from '@/lib/format';
import { saveProblems } from './definition-problems';
import { newId } from './new-id';
import { SaveErrorNotice } from './save-error-notice';
import { useTemplateEditor } from './template-context';
import { TextAreaField } from './text-area-field';

/** Part 2 §5: the duration is typed; required, a number, above 0 and at most 365. */
const reminderFormSchema = z.object({
  id: z.string(),
  duration: z.string().trim().min(1, 'Duration is required').transform(Number).pipe(reminderDurationSchema),
  period: periodSchema,
  event: reminderSchema.shape.event,
  message: reminderSchema.shape.message,
});
type ReminderFormInput = z.input<typeof reminderFormSchema>;
type ReminderFormValues = z.output<typeof reminderFormSchema>;

export const reminderEventLabels: Record<(typeof reminderEvents)[number], string> = {
  sent: 'After initial send',
  opened: 'After survey opened',
};
const periodOptions = periods.map((period) => ({ value: period, label: capitalize(period) }));
const eventOptions = reminderEvents.map((event) => ({ value: event, label: reminderEventLabels[event] }));
const formId = 'template-reminder-form';

function valuesOf(reminder: Reminder | undefined): ReminderFormInput {
  return {
    id: reminder?.id ?? newId(),
    duration: reminder ? String(reminder.duration) : '',
    // Part 2 §9: the form starts on days, after the initial send, with the default message.
    period: reminder?.period ?? 'days',
    event: reminder?.event ?? 'sent',
    message: reminder?.message ?? defaultReminderMessage,
  };
}

type ReminderFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  reminder?: Reminder | undefined;
};

/** Add/Edit Reminder: rewrites the whole reminders array, merged with the other settings. */
export function ReminderFormModal({ isOpen, onOpenChange, reminder }: ReminderFormModalProps) {
  const { config, version, save, reload } = useTemplateEditor();
  const [saveError, setSaveError] = useState<unknown>();
  const isEditing = reminder !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReminderFormInput, unknown, ReminderFormValues>({
    resolver: zodResolver(reminderFormSchema),
    defaultValues: valuesOf(reminder),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the reminder as it is on opening
  useEffect(() => {
    if (isOpen) {
      reset(valuesOf(reminder));
      setSaveError(undefined);
    }
  }, [isOpen]);

  const onSubmit = handleSubmit(async (values) => {
    const reminders = version.settings.reminders;
    const found = reminders.findIndex((item) => item.id === values.id);
    const index = found < 0 ? reminders.length : found;
    const next = [...reminders];
    next[index] = values;
    setSaveError(undefined);
    try {
      await save(
        { settings: { ...version.settings, reminders: next } },
        isEditing
          ? {
              pending: 'Updating reminder...',
              success: 'Reminder updated successfully!',
              error: 'Failed to update reminder.',
            }
          : {
              pending: 'Adding reminder...',
              success: 'Reminder added successfully!',
              error: 'Failed to add reminder.',
            },
      );
    } catch (error) {
      setSaveError(error);
      const problems = saveProblems(config.kind, error);
      for (const field of ['duration', 'period', 'message'] as const) {
        const message = problems[`reminders.${index}.${field}`];
        if (message) setError(field, { message });
      }
      return;
    }
    onOpenChange(false);
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Reminder' : 'Add Reminder'}
      description="Reminders go to respondents who have not completed the survey."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : isEditing ? 'Save Changes' : 'Add Reminder'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="space-y-5" noValidate>
        <SaveErrorNotice
          error={saveError}
          onReload={() => {
            setSaveError(undefined);
            void reload();
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Duration"
            inputMode="decimal"
            autoComplete="off"
            error={errors.duration?.message}
            {...register('duration')}
          />
          <Controller
            control={control}
            name="period"
            render={({ field, fieldState }) => (
              <SelectField<Period>
                label="Unit"
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                options={periodOptions}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="event"
          render={({ field }) => (
            <SelectField
              label="Send"
              name={field.name}
              value={field.value ?? 'sent'}
              onValueChange={field.onChange}
              options={eventOptions}
            />
          )}
        />
        <TextAreaField
          label="Message"
          hint={`Left empty, respondents read “${defaultReminderMessage}”`}
          error={errors.message?.message}
          {...register('message')}
        />
      </form>
    </Modal>
  );
}
