import type { ListItemValue, ListPropertyType } from '@graphium/shared';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});

/** How a value reads in the items table (part 1 §9: MM/dd/yyyy, en-US 12-hour time). */
export function formatListValue(type: ListPropertyType, value: ListItemValue | undefined): string {
  if (value === undefined || value === '') return '';
  switch (type) {
    case 'BOOLEAN':
      return value === true ? 'Yes' : 'No';
    case 'DATE': {
      // A calendar date has no time zone: reorder the parts instead of going through Date.
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      return match ? `${match[2]}/${match[3]}/${match[1]}` : String(value);
    }
    case 'DATE_TIME': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
    }
    default:
      return String(value);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored timestamp as the `datetime-local` input shows it, in the browser's time zone. */
export function toDateTimeLocal(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time, no zone) as an ISO timestamp; anything else unchanged. */
export function fromDateTimeLocal(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
