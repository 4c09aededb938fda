import { addPeriod, isInQuietHours, type QuietHours, type Reminder } from '@graphium/shared';

// The pure rules of reminders (decision 008): when each is due, quiet hours and the local day of a
// workspace's time zone (Intl only: no time-zone library).

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(date: Date, timeZone: string): LocalParts & { second: number } {
  const parts = formatterOf(timeZone).formatToParts(date);
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: read('year'),
    month: read('month'),
    day: read('day'),
    hour: read('hour'),
    minute: read('minute'),
    second: read('second'),
  };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(date: Date, timeZone: string): number {
  const local = localParts(date, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time of the zone names. Around a daylight-saving change it takes the
 * later candidate (past a gap; the second of two equal times), so a wait never ends early.
 */
export function zonedTimeToInstant(local: LocalParts, timeZone: string): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = offsetMinutes(new Date(guess), timeZone);
  const instant = guess - first * 60_000;
  const second = offsetMinutes(new Date(instant), timeZone);
  return new Date(Math.max(instant, guess - second * 60_000));
}

/** The workspace's local date of an instant, as YYYY-MM-DD (the daily cap's day). */
export function localDay(date: Date, timeZone: string): string {
  const { year, month, day } = localParts(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addLocalDays(parts: LocalParts, days: number): LocalParts {
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return { ...parts, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function atTime(parts: LocalParts, time: string): LocalParts {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { ...parts, hour, minute };
}

/** The first instant after `date` at which the zone's clock reads `time` (HH:MM). */
export function nextLocalTime(date: Date, time: string, timeZone: string): Date {
  const today = localParts(date, timeZone);
  const candidate = zonedTimeToInstant(atTime(today, time), timeZone);
  return candidate > date ? candidate : zonedTimeToInstant(atTime(addLocalDays(today, 1), time), timeZone);
}

/** Local midnight after `date`: when a capped contact may have its next reminder. */
export function startOfNextLocalDay(date: Date, timeZone: string): Date {
  return zonedTimeToInstant(atTime(addLocalDays(localParts(date, timeZone), 1), '00:00'), timeZone);
}

export interface QuietHoursSettings {
  quietHours: QuietHours;
  timeZone: string;
}

/** `date`, or the end of the quiet hours it falls in: reminders wait for the morning. */
export function firstSendableAt(date: Date, settings: QuietHoursSettings): Date {
  if (!isInQuietHours(date, settings.quietHours, settings.timeZone)) return date;
  return nextLocalTime(date, settings.quietHours.end, settings.timeZone);
}

export interface ScheduledSurvey {
  sentAt: Date;
  lastOpenedAt: Date | null;
  expiresAt: Date;
}

/**
 * When a reminder is due for a survey (docs/product-rules.md#reminders-quiet-hours-and-suppression): `sent`
 * counts from the send, `opened` from
 * the last opening (none before the first). Undefined when it never is, or not before the survey
 * closes.
 */
export function reminderDueAt(reminder: Reminder, survey: ScheduledSurvey): Date | undefined {
  const from = reminder.event === 'opened' ? survey.lastOpenedAt : survey.sentAt;
  if (!from) return undefined;
  const dueAt = addPeriod(from, reminder.duration, reminder.period);
  return dueAt < survey.expiresAt ? dueAt : undefined;
}
