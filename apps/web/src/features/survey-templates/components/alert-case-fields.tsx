import type { Alert } from '@graphium/shared';
import clsx from 'clsx';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { inputClasses, TextField } from '@/components/ui/form-field';
import { useCaseAssignees } from '@/features/cases/api/get-case-assignees';
import type { AlertFormValues } from './alert-form';

/** The case an alert opens (decision 019): who owns it from the start, and in how many hours it is due. */
export function AlertCaseFields({
  register,
  errors,
  currentAssigneeId,
}: {
  register: UseFormRegister<AlertFormValues>;
  errors: FieldErrors<AlertFormValues>;
  currentAssigneeId: string | undefined;
}) {
  const assignees = useCaseAssignees();
  const assigneeId = useId();
  const people = assignees.data?.assignees ?? [];
  const isUnknown =
    Boolean(currentAssigneeId) && !people.some((person) => person.accountId === currentAssigneeId);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-gray-900">Follow-up case</legend>
      <div>
        <label htmlFor={assigneeId} className="block text-sm font-medium text-gray-900">
          Default assignee
        </label>
        <select id={assigneeId} className={clsx(inputClasses, 'mt-1.5')} {...register('defaultAssigneeId')}>
          <option value="">Nobody (assign by hand)</option>
          {isUnknown && <option value={currentAssigneeId}>A former member</option>}
          {people.map((person) => (
            <option key={person.accountId} value={person.accountId}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Response time (hours)"
        type="number"
        min={1}
        inputMode="numeric"
        hint="The case is due this many hours after the alert fires; leave empty for no due time."
        error={errors.responseHoursText?.message}
        {...register('responseHoursText')}
      />
    </fieldset>
  );
}

/** On an alert's card: the case target, when it has one. */
export function AlertCaseSummary({ alert }: { alert: Pick<Alert, 'defaultAssigneeId' | 'responseHours'> }) {
  const assignees = useCaseAssignees();
  if (!alert.defaultAssigneeId && !alert.responseHours) return null;
  const owner = alert.defaultAssigneeId
    ? (assignees.data?.assignees.find((person) => person.accountId === alert.defaultAssigneeId)?.name ??
      'a former member')
    : undefined;
  const parts = [
    owner ? `assigned to ${owner}` : undefined,
    alert.responseHours ? `due in ${alert.responseHours} h` : undefined,
  ].filter(Boolean);
  return <p className="text-sm text-gray-700">Case {parts.join(', ')}</p>;
}
