import { formatDistanceToNow } from 'date-fns';

// Every date, time and number the staff app shows goes through here, so that one place decides
// how they read (docs/product-rules.md#texts-dates-and-errors) and, later, in which language.

const locale = 'en-US';

const dateFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const numberFormat = new Intl.NumberFormat(locale);

/** 03/07/2025. */
export function formatDate(date: string | Date): string {
  return dateFormat.format(new Date(date));
}

/** 03/07/2025, 2:05 PM, in the browser's time zone. */
export function formatDateTime(date: string | Date): string {
  return dateTimeFormat.format(new Date(date));
}

/** As `formatDateTime`, or undefined when there is no date (or not a valid one). */
export function formatOptionalDateTime(date: string | Date | null | undefined): string | undefined {
  if (date === null || date === undefined || date === '') return undefined;
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? undefined : dateTimeFormat.format(value);
}

/**
 * A calendar day as date inputs and DATE values hold it (2025-03-07) as 03/07/2025. A day has no
 * time zone: it is read as a local date, never through UTC midnight (which shifts it west of UTC).
 * Anything else is returned unchanged.
 */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return dateFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** 3 days ago, in 5 minutes: date-fns' rounding (2 days and 20 hours is "3 days ago"). */
export function formatRelative(date: string | Date): string {
  return formatDistanceToNow(new Date(date), { addSuffix: true });
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * today, 1 day ago, 3 days ago, counting whole days (2 days and 20 hours is "2 days ago"): how a
 * template's detail page says its age (docs/product-rules.md#survey-templates-and-versions). The
 * templates list says the same age with `formatRelative`; both readings are the product's.
 */
export function formatWholeDaysAgo(date: string | Date, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - new Date(date).getTime()) / dayMs));
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** 10,000. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A percentage rounded to a whole number: 78%. */
export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/** A difference of percentage points, unsigned, to one decimal: 3.5 pts. */
export function formatPoints(value: number): string {
  return `${Math.abs(value).toFixed(1)} pts`;
}

/** 1 byte, 512 bytes, 2.0 KB, 1.5 MB (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
