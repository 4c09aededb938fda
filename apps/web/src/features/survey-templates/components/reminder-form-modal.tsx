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
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { capitalize } from '@/lib/format';
import { saveProblems } from './definition-problems';
import { newId } from './new-id';
import { useSaveError } from './save-error-notice';
import { useTemplateEditor } from './template-context';
import { TextAreaField } from './text-area-field';

/**
 * docs/product-rules.md#reminders-quiet-hours-and-suppression: the duration is typed; required, a number,
 * above 0 and at most 365.
 */
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
    // docs/product-rules.md#reminders-quiet-hours-and-suppression: the form starts on days, after the initial
    // send, with the default message.
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
  const { config, version, save } = useTemplateEditor();
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
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

  useWhenOpened(isOpen, () => {
    reset(valuesOf(reminder));
    setSaveError(undefined);
  });

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
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Reminder' : 'Add Reminder'}
      description="Reminders go to respondents who have not completed the survey."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={isEditing ? 'Save Changes' : 'Add Reminder'}
      pendingLabel="Saving..."
    >
      {saveErrorNotice}
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
    </FormDialog>
  );
}
