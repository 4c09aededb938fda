import { quietHoursSchema, timeZoneOptions, timeZoneSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses, TextField } from '@/components/ui/form-field';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { SettingsSection } from './settings-section';

const quietHoursFormSchema = z.object({ quietHours: quietHoursSchema, timeZone: timeZoneSchema });
type QuietHoursValues = z.output<typeof quietHoursFormSchema>;

type QuietHoursFormProps = {
  values: QuietHoursValues;
  canEdit: boolean;
};

/** Quiet hours and the workspace's time zone: reminders due at night wait for the morning. */
export function QuietHoursForm({ values, canEdit }: QuietHoursFormProps) {
  const updateSettings = useUpdateNotificationSettings();
  const timeZoneId = useId();
  const zones = useMemo(() => {
    const options = timeZoneOptions();
    return options.includes(values.timeZone) ? options : [values.timeZone, ...options];
  }, [values.timeZone]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof quietHoursFormSchema>, unknown, QuietHoursValues>({
    resolver: zodResolver(quietHoursFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const save = handleSubmit(async (next) => {
    try {
      const saved = await toastPromise(updateSettings.mutateAsync(next), {
        pending: 'Saving quiet hours...',
        success: 'Quiet hours saved successfully!',
        error: 'Failed to save quiet hours.',
      });
      reset({ quietHours: saved.quietHours, timeZone: saved.timeZone });
    } catch (error) {
      const details = getErrorDetails(error);
      for (const field of ['quietHours.start', 'quietHours.end', 'timeZone'] as const) {
        if (details[field]) setError(field, { message: details[field] });
      }
    }
  });

  return (
    <SettingsSection
      title="Quiet hours"
      description="Reminders that fall due during quiet hours wait until they end, in the workspace's time zone. Each contact receives at most one reminder a day. The same start and end time turn quiet hours off."
    >
      <form onSubmit={save} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Quiet hours start"
            type="time"
            readOnly={!canEdit}
            error={errors.quietHours?.start?.message}
            {...register('quietHours.start')}
          />
          <TextField
            label="Quiet hours end"
            type="time"
            readOnly={!canEdit}
            error={errors.quietHours?.end?.message}
            {...register('quietHours.end')}
          />
        </div>
        <div>
          <label htmlFor={timeZoneId} className="block text-sm font-medium text-gray-900">
            Time zone
          </label>
          <select
            id={timeZoneId}
            className={clsx(inputClasses, 'mt-1.5')}
            disabled={!canEdit}
            aria-invalid={errors.timeZone ? true : undefined}
            aria-describedby={errors.timeZone ? `${timeZoneId}-error` : undefined}
            {...register('timeZone')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          <FieldError id={`${timeZoneId}-error`} message={errors.timeZone?.message} />
        </div>
        <Button
          type="submit"
          disabled={isSubmitting || updateSettings.isPending || !isDirty}
          disabledReason={canEdit ? undefined : roleReason('admin', 'change quiet hours')}
        >
          {isSubmitting ? 'Saving...' : 'Save Quiet Hours'}
        </Button>
      </form>
    </SettingsSection>
  );
}
