import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';

type DateRangeFilterProps = {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
};

/** The sending-date range (decision 007): local days, both ends included. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const fromId = useId();
  const toId = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Date sent</legend>
      <div>
        <label htmlFor={fromId} className="block text-sm font-medium text-gray-900">
          Sent from
        </label>
        <input
          id={fromId}
          type="date"
          value={from ?? ''}
          max={to}
          onChange={(event) => onChange({ from: event.target.value || undefined, to })}
          className={`${inputClasses} mt-1.5`}
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm font-medium text-gray-900">
          Sent to
        </label>
        <input
          id={toId}
          type="date"
          value={to ?? ''}
          min={from}
          onChange={(event) => onChange({ from, to: event.target.value || undefined })}
          className={`${inputClasses} mt-1.5`}
        />
      </div>
    </fieldset>
  );
}
