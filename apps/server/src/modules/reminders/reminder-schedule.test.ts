import { randomUUID } from 'node:crypto';
import { zonedTimeToInstant } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import {
  firstSendableAt,
  localDay,
  nextLocalTime,
  reminderDueAt,
  startOfNextLocalDay,
} from './reminder-schedule.js';

const iso = (text: string) => new Date(text);

describe('time-zone arithmetic with Intl', () => {
  it('turns wall-clock times into instants, across daylight-saving changes', () => {
    const ny = 'America/New_York';
    expect(zonedTimeToInstant({ year: 2026, month: 1, day: 15, hour: 8, minute: 0 }, ny).toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(zonedTimeToInstant({ year: 2026, month: 7, day: 15, hour: 8, minute: 0 }, ny).toISOString()).toBe(
      '2026-07-15T12:00:00.000Z',
    );
    // 02:30 does not exist on 8 March 2026 in New York: the instant just after the gap.
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, ny).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('finds the local day, the next local time and the next local midnight', () => {
    expect(localDay(iso('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-01-16');
    expect(localDay(iso('2026-01-15T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-01-14');
    expect(nextLocalTime(iso('2026-01-15T22:00:00Z'), '08:00', 'UTC').toISOString()).toBe(
      '2026-01-16T08:00:00.000Z',
    );
    expect(nextLocalTime(iso('2026-01-15T07:00:00Z'), '08:00', 'UTC').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(startOfNextLocalDay(iso('2026-01-15T10:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T23:00:00.000Z',
    );
  });

  it('holds a reminder due in quiet hours until they end, in the workspace zone', () => {
    const paris = { quietHours: { start: '21:00', end: '08:00' }, timeZone: 'Europe/Paris' };
    // 21:30 in Paris (winter, UTC+1) waits until 08:00 Paris the next morning.
    expect(firstSendableAt(iso('2026-01-15T20:30:00Z'), paris).toISOString()).toBe(
      '2026-01-16T07:00:00.000Z',
    );
    // 07:59 waits a minute; 08:00 and midday go at once.
    expect(firstSendableAt(iso('2026-01-16T06:59:00Z'), paris).toISOString()).toBe(
      '2026-01-16T07:00:00.000Z',
    );
    expect(firstSendableAt(iso('2026-01-16T07:00:00Z'), paris).toISOString()).toBe(
      '2026-01-16T07:00:00.000Z',
    );
    expect(firstSendableAt(iso('2026-01-16T11:00:00Z'), paris).toISOString()).toBe(
      '2026-01-16T11:00:00.000Z',
    );
    const none = { quietHours: { start: '00:00', end: '00:00' }, timeZone: 'UTC' };
    expect(firstSendableAt(iso('2026-01-16T03:00:00Z'), none).toISOString()).toBe('2026-01-16T03:00:00.000Z');
  });
});

describe('when a reminder is due', () => {
  const survey = {
    sentAt: iso('2026-01-01T10:00:00Z'),
    lastOpenedAt: null as Date | null,
    expiresAt: iso('2026-01-31T10:00:00Z'),
  };
  const reminder = (input: object) => ({
    id: randomUUID(),
    message: 'Please',
    event: 'sent' as const,
    ...input,
  });

  it('counts from the send or from the last opening, and never at or after expiry', () => {
    expect(reminderDueAt(reminder({ duration: 3, period: 'days' }) as never, survey)?.toISOString()).toBe(
      '2026-01-04T10:00:00.000Z',
    );
    expect(reminderDueAt(reminder({ duration: 6, period: 'hours' }) as never, survey)?.toISOString()).toBe(
      '2026-01-01T16:00:00.000Z',
    );
    const opened = reminder({ duration: 1, period: 'weeks', event: 'opened' }) as never;
    expect(reminderDueAt(opened, survey)).toBeUndefined();
    expect(
      reminderDueAt(opened, { ...survey, lastOpenedAt: iso('2026-01-10T09:00:00Z') })?.toISOString(),
    ).toBe('2026-01-17T09:00:00.000Z');
    expect(reminderDueAt(reminder({ duration: 30, period: 'days' }) as never, survey)).toBeUndefined();
  });
});
