import { localParts, type ReportFrequency, zonedTimeToInstant } from '@graphium/shared';

// When digests go and which days they cover (docs/decisions/031-scheduled-reports.md), in the
// workspace's time zone, with Intl only: a weekly digest covers Monday to Sunday and leaves on
// the Monday after at 08:00; a monthly one covers a calendar month and leaves on the 1st at 08:00.

/** The local hour digests leave at. */
const digestSendHour = 8;

interface LocalDay {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

/**
 * The instant a local day and hour name in the zone. Where a daylight-saving change skips that
 * hour it takes the instant after the gap; where the hour happens twice, the later one.
 */
export function localTimeToInstant(day: LocalDay, hour: number, timeZone: string): Date {
  return zonedTimeToInstant({ ...day, hour, minute: 0 }, timeZone);
}

function localDayOf(date: Date, timeZone: string): LocalDay {
  const { year, month, day } = localParts(date, timeZone);
  return { year, month, day };
}

function addDays(day: LocalDay, days: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function addMonths(day: LocalDay, months: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1 + months, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: 1 };
}

/** 0 Monday … 6 Sunday. */
function weekdayOf(day: LocalDay): number {
  return (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
}

function formatDay(day: LocalDay): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function parseDay(text: string): LocalDay {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return { year, month, day };
}

/** One digest's period: its local days and the instants around them. */
export interface DigestPeriod {
  frequency: ReportFrequency;
  /** The first local day, YYYY-MM-DD: the exactly-once key with the subscription. */
  periodStart: string;
  /** The last local day, YYYY-MM-DD (inclusive). */
  periodEnd: string;
  /** Local midnight of the first day. */
  from: Date;
  /** Local midnight of the day after the last (exclusive). */
  to: Date;
  /** When the digest is due: 08:00 local on the day after the period. */
  dueAt: Date;
}

/** The period that starts on `start` (a Monday, or a 1st). */
export function digestPeriodStartingOn(
  frequency: ReportFrequency,
  start: string,
  timeZone: string,
): DigestPeriod {
  const first = parseDay(start);
  const next = frequency === 'weekly' ? addDays(first, 7) : addMonths(first, 1);
  return {
    frequency,
    periodStart: formatDay(first),
    periodEnd: formatDay(addDays(next, -1)),
    from: localTimeToInstant(first, 0, timeZone),
    to: localTimeToInstant(next, 0, timeZone),
    dueAt: localTimeToInstant(next, digestSendHour, timeZone),
  };
}

/**
 * The newest period whose digest is due at `now`: last week's from Monday 08:00 local, last
 * month's from the 1st at 08:00 local.
 */
export function latestDuePeriod(frequency: ReportFrequency, now: Date, timeZone: string): DigestPeriod {
  const today = localDayOf(now, timeZone);
  // The day the current period's digest would leave: this week's Monday, this month's 1st.
  let sendDay = frequency === 'weekly' ? addDays(today, -weekdayOf(today)) : { ...today, day: 1 };
  if (localTimeToInstant(sendDay, digestSendHour, timeZone) > now) {
    sendDay = frequency === 'weekly' ? addDays(sendDay, -7) : addMonths(sendDay, -1);
  }
  const start = frequency === 'weekly' ? addDays(sendDay, -7) : addMonths(sendDay, -1);
  return digestPeriodStartingOn(frequency, formatDay(start), timeZone);
}
