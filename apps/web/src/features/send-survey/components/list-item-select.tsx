import clsx from 'clsx';
import { useId, useState } from 'react';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import type { ListOptionsState } from '@/features/lists/api/get-list';
import { getErrorMessage } from '@/lib/api-client';

type ListItemSelectProps = {
  label: string;
  isRequired: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  list: ListOptionsState | undefined;
  error: string | undefined;
};

/**
 * A ListItem property (docs/product-rules.md#sending-surveys): a search box filtering a select of the list's
 * non-archived
 * items, labelled by the default-label property. The chosen item stays offered while filtering.
 */
export function ListItemSelect({
  label,
  isRequired,
  value,
  onChange,
  onBlur,
  list,
  error,
}: ListItemSelectProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const options = list?.options ?? [];
  const wanted = search.trim().toLowerCase();
  const shown = options.filter(
    (option) => option.value === value || option.label.toLowerCase().includes(wanted),
  );
  const isLoading = !list || list.status === 'pending';
  const loadError =
    list?.status === 'error'
      ? `Error loading list items: ${getErrorMessage(list.error, 'Unknown error')}`
      : undefined;
  const message = loadError ?? error;
  return (
    <div>
      <label htmlFor={`${id}-select`} className="block text-sm font-medium text-gray-900">
        {label}
        {isRequired && <RequiredMark />}
      </label>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        <input
          type="search"
          aria-label={`Search ${label}`}
          placeholder="Search items..."
          className={inputClasses}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={isLoading || Boolean(loadError)}
        />
        <select
          id={`${id}-select`}
          className={clsx(inputClasses)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={isLoading || Boolean(loadError)}
          aria-required={isRequired || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        >
          <option value="">
            {isLoading ? 'Loading items...' : shown.length === 0 ? 'No matching items' : 'Select an item'}
          </option>
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-600">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}
