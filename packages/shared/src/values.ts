// Reading typed values out of text: numbers, calendar dates and booleans as forms, CSV files and
// API clients write them. Free of zod, so the respondent page can bundle it (answer-rules.ts).

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
export const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real day of the calendar as YYYY-MM-DD (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = calendarDatePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads a number typed as a number or as text ("42", "-1.5"); undefined otherwise. */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && numberPattern.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Reads true/false (and yes/no, as spreadsheets write them); undefined otherwise. */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const lowered = value.trim().toLowerCase();
  if (lowered === 'true' || lowered === 'yes') return true;
  if (lowered === 'false' || lowered === 'no') return false;
  return undefined;
}

/** Only http and https links are ever shown to respondents (docs/product-rules.md#the-respondent-page). */
export function isValidReviewLink(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
