import { auditCategories } from '@graphium/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { capitalize } from '@/lib/format';
import type { AuditLogParams } from '../api/query-keys';

export type AuditLogFilterValues = Pick<AuditLogParams, 'action' | 'actor' | 'search' | 'from' | 'to'>;

export const noAuditFilters: AuditLogFilterValues = { action: '', actor: '', search: '', from: '', to: '' };

/** A category's name as the filter shows it: `notification-settings` → "Notification settings". */
export function categoryLabel(category: string): string {
  return capitalize(category.replace(/-/g, ' ')).replace(/^Api key/, 'API key');
}

type AuditLogFiltersProps = {
  value: AuditLogFilterValues;
  onApply: (filters: AuditLogFilterValues) => void;
};

export function AuditLogFilters({ value, onApply }: AuditLogFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const isDateOrderWrong = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const set = (key: keyof AuditLogFilterValues) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDateOrderWrong) onApply(draft);
  };
  const field = (key: keyof AuditLogFilterValues) => `${id}-${key}`;
  return (
    <form
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <label htmlFor={field('action')} className="block text-sm font-medium text-gray-900">
          What
        </label>
        <select
          id={field('action')}
          className={`mt-1 ${inputClasses}`}
          value={draft.action}
          onChange={set('action')}
        >
          <option value="">Everything</option>
          {auditCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={field('actor')} className="block text-sm font-medium text-gray-900">
          Who
        </label>
        <input
          id={field('actor')}
          className={`mt-1 ${inputClasses}`}
          value={draft.actor}
          onChange={set('actor')}
          placeholder="E-mail or API key name"
        />
      </div>
      <div>
        <label htmlFor={field('search')} className="block text-sm font-medium text-gray-900">
          Target
        </label>
        <input
          id={field('search')}
          type="search"
          className={`mt-1 ${inputClasses}`}
          value={draft.search}
          onChange={set('search')}
          placeholder="Name or id"
        />
      </div>
      <div>
        <label htmlFor={field('from')} className="block text-sm font-medium text-gray-900">
          From
        </label>
        <input
          id={field('from')}
          type="date"
          className={`mt-1 ${inputClasses}`}
          value={draft.from}
          onChange={set('from')}
        />
      </div>
      <div>
        <label htmlFor={field('to')} className="block text-sm font-medium text-gray-900">
          To
        </label>
        <input
          id={field('to')}
          type="date"
          className={`mt-1 ${inputClasses}`}
          value={draft.to}
          onChange={set('to')}
          aria-invalid={isDateOrderWrong || undefined}
          aria-describedby={isDateOrderWrong ? `${id}-date-error` : undefined}
        />
        {isDateOrderWrong && (
          <p id={`${id}-date-error`} className="mt-1.5 text-sm text-red-700">
            The start date must be on or before the end date
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Apply Filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(noAuditFilters);
            onApply(noAuditFilters);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
