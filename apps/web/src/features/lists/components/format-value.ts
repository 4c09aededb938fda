import type { ListItemValue, ListPropertyType } from '@graphium/shared';
import { formatCalendarDay, formatOptionalDateTime } from '@/lib/format';

/**
 * How a value reads in the items table (docs/product-rules.md#lookup-lists: MM/dd/yyyy, en-US 12-hour time).
 */
export function formatListValue(type: ListPropertyType, value: ListItemValue | undefined): string {
  if (value === undefined || value === '') return '';
  switch (type) {
    case 'BOOLEAN':
      return value === true ? 'Yes' : 'No';
    case 'DATE':
      return formatCalendarDay(String(value));
    case 'DATE_TIME':
      return formatOptionalDateTime(String(value)) ?? String(value);
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
