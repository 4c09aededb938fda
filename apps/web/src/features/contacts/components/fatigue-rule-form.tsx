import { contactSettingsSchema } from '@graphium/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { useRoleReason } from '@/features/auth/api/use-can';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useContactSettings } from '../api/get-contact-settings';
import { useUpdateContactSettings } from '../api/update-contact-settings';

/**
 * The workspace's fatigue rule (decision 038): no contact is sent a survey more than once in this
 * many days, by any send. Everyone reads it; admins change it.
 */
export function FatigueRuleForm() {
  const settings = useContactSettings();
  const update = useUpdateContactSettings();
  const reason = useRoleReason('admin', 'change the fatigue rule');
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const saved = settings.data?.fatigueDays;

  useEffect(() => {
    if (saved !== undefined) setDays(String(saved));
  }, [saved]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactSettingsSchema.safeParse({
      fatigueDays: days.trim() === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await toastPromise(update.mutateAsync(parsed.data), {
        pending: 'Saving the fatigue rule...',
        success: 'Fatigue rule saved.',
        error: 'Failed to save the fatigue rule.',
      });
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to save the fatigue rule.'));
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="mt-10 max-w-xl">
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold text-gray-900">
        Fatigue rule
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        No contact is sent a survey more than once in this many days, whatever the template or the way it is
        sent. 0 means no limit.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-3 flex items-end gap-3" noValidate>
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
            Days between surveys
          </label>
          <input
            id={inputId}
            type="number"
            min={0}
            max={365}
            value={days}
            disabled={reason !== undefined || settings.isPending}
            onChange={(event) => setDays(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={`${inputClasses} mt-1.5 w-32`}
          />
        </div>
        <Button type="submit" disabledReason={reason} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
      <FieldError id={`${inputId}-error`} message={error} />
    </section>
  );
}
