import { phoneCountryOptions, phoneCountrySchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { SettingsSection } from './settings-section';

const phoneCountryFormSchema = z.object({ phoneCountry: phoneCountrySchema });
type PhoneCountryValues = z.output<typeof phoneCountryFormSchema>;

type PhoneCountryFormProps = {
  phoneCountry: string;
  canEdit: boolean;
};

/**
 * The default country for phone numbers (decision 021): numbers typed without + or 00 are read
 * as this country's, and shown in its national format.
 */
export function PhoneCountryForm({ phoneCountry, canEdit }: PhoneCountryFormProps) {
  const updateSettings = useUpdateNotificationSettings();
  const selectId = useId();
  const countries = useMemo(() => phoneCountryOptions(), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof phoneCountryFormSchema>, unknown, PhoneCountryValues>({
    resolver: zodResolver(phoneCountryFormSchema),
    values: { phoneCountry },
    resetOptions: { keepDirtyValues: true },
  });

  const save = handleSubmit(async (next) => {
    try {
      const saved = await toastPromise(updateSettings.mutateAsync(next), {
        pending: 'Saving the default country...',
        success: 'Default country saved successfully!',
        error: 'Failed to save the default country.',
      });
      reset({ phoneCountry: saved.phoneCountry });
    } catch (error) {
      const details = getErrorDetails(error);
      if (details.phoneCountry) setError('phoneCountry', { message: details.phoneCountry });
    }
  });

  return (
    <SettingsSection
      title="Phone numbers"
      description="Phone numbers typed without + and a country code are read as numbers of this country, and are shown in its national format."
    >
      <form onSubmit={save} noValidate className="space-y-4">
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-gray-900">
            Default country for phone numbers
          </label>
          <select
            id={selectId}
            className={clsx(inputClasses, 'mt-1.5')}
            disabled={!canEdit}
            aria-invalid={errors.phoneCountry ? true : undefined}
            aria-describedby={errors.phoneCountry ? `${selectId}-error` : undefined}
            {...register('phoneCountry')}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <FieldError id={`${selectId}-error`} message={errors.phoneCountry?.message} />
        </div>
        <Button
          type="submit"
          disabled={isSubmitting || updateSettings.isPending || !isDirty}
          disabledReason={canEdit ? undefined : roleReason('admin', 'change the default country')}
        >
          {isSubmitting ? 'Saving...' : 'Save Default Country'}
        </Button>
      </form>
    </SettingsSection>
  );
}
