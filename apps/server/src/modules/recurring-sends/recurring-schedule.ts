import {
  isInQuietHours,
  type LocalParts,
  localParts,
  type QuietHours,
  type RecurringPeriod,
  zonedTimeToInstant,
} from '@graphium/shared';

// When a recurring send runs (decision 038): at its local time of the workspace's time zone,
// every N days, weeks or months counted in local days, and never inside the quiet hours (a run
// that would fall in them waits for their end). Intl only, like the reminders' schedule.

export interface Recurrence {
  every: number;
  period: RecurringPeriod;
  sendTime: string;
}

export interface WorkspaceClock {
  timeZone: string;
  quietHours: QuietHours;
}

function atTime(parts: LocalParts, time: string): LocalParts {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { ...parts, hour, minute };
}

function addLocal(parts: LocalParts, amount: number, period: RecurringPeriod): LocalParts {
  const days = period === 'days' ? amount : period === 'weeks' ? amount * 7 : 0;
  const months = period === 'months' ? amount : 0;
  // Day 31 of a short month becomes its last day, as calendars do.
  const lastDay = new Date(Date.UTC(parts.year, parts.month - 1 + months + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(parts.year, parts.month - 1 + months, Math.min(parts.day, lastDay) + days));
  return { ...parts, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first instant at or after `date` outside the quiet hours. */
function outsideQuietHours(date: Date, clock: WorkspaceClock): Date {
  if (!isInQuietHours(date, clock.quietHours, clock.timeZone)) return date;
  const today = localParts(date, clock.timeZone);
  const end = zonedTimeToInstant(atTime(today, clock.quietHours.end), clock.timeZone);
  return end > date
    ? end
    : zonedTimeToInstant(atTime(addLocal(today, 1, 'days'), clock.quietHours.end), clock.timeZone);
}

/** The first run after `now`: today's send time if still ahead, else tomorrow's. */
export function firstRunAfter(now: Date, recurrence: Recurrence, clock: WorkspaceClock): Date {
  const today = localParts(now, clock.timeZone);
  let candidate = zonedTimeToInstant(atTime(today, recurrence.sendTime), clock.timeZone);
  if (candidate <= now)
    candidate = zonedTimeToInstant(atTime(addLocal(today, 1, 'days'), recurrence.sendTime), clock.timeZone);
  return outsideQuietHours(candidate, clock);
}

/**
 * The run after the one due at `due`: N periods on from its local day, at the send time; runs
 * missed while nothing ran (the server was down) are skipped, not sent late one after another.
 */
export function nextRunAfter(due: Date, now: Date, recurrence: Recurrence, clock: WorkspaceClock): Date {
  let day: LocalParts = localParts(due, clock.timeZone);
  for (let step = 0; step < 10_000; step += 1) {
    day = addLocal(day, recurrence.every, recurrence.period);
    const candidate = outsideQuietHours(
      zonedTimeToInstant(atTime(day, recurrence.sendTime), clock.timeZone),
      clock,
    );
    if (candidate > now) return candidate;
  }
  return firstRunAfter(now, recurrence, clock);
}
