import {
  addPeriod,
  isInQuietHours,
  type LocalParts,
  localParts,
  type QuietHours,
  type Reminder,
  zonedTimeToInstant,
} from '@graphium/shared';

// The pure rules of reminders (decision 008): when each is due, quiet hours and the local day of a
// workspace's time zone (Intl only: no time-zone library).

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
