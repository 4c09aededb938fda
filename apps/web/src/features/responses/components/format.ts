/** Part 2 §2: dates as numeric month/day/year with 12-hour time (en-US): 3/7/2025, 2:05 PM. */
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatDateTime(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateTimeFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** A calendar day (YYYY-MM-DD, as date inputs hold it) as 3/7/2025. */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return dayFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A percentage rounded to a whole number: 78%. */
export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}
