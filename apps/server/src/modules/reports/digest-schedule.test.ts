import { describe, expect, it } from 'vitest';
import { digestPeriodStartingOn, latestDuePeriod, localTimeToInstant } from './digest-schedule.js';

describe('digest periods', () => {
  it('covers last Monday to Sunday from Monday 08:00 local', () => {
    // Wednesday 11 March 2026 in London (GMT).
    const period = latestDuePeriod('weekly', new Date('2026-03-11T12:00:00Z'), 'Europe/London');
    expect(period.periodStart).toBe('2026-03-02');
    expect(period.periodEnd).toBe('2026-03-08');
    expect(period.from.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(period.dueAt.toISOString()).toBe('2026-03-09T08:00:00.000Z');
  });

  it('keeps the week before until Monday 08:00 local, then moves on', () => {
    const zone = 'America/Los_Angeles';
    // Monday 9 March 2026, the day after the spring change: 08:00 PDT is 15:00 UTC.
    expect(latestDuePeriod('weekly', new Date('2026-03-09T14:59:00Z'), zone).periodStart).toBe('2026-02-23');
    const due = latestDuePeriod('weekly', new Date('2026-03-09T15:00:00Z'), zone);
    expect(due.periodStart).toBe('2026-03-02');
    expect(due.dueAt.toISOString()).toBe('2026-03-09T15:00:00.000Z');
    // The week holds the change: 167 hours, from midnight PST to midnight PDT.
    expect(due.from.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(due.to.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('reads Monday in Auckland while it is still Sunday in Los Angeles', () => {
    const now = new Date('2026-03-08T19:00:00Z'); // Monday 9 March 08:00 NZDT; Sunday 8 March 12:00 PDT
    expect(latestDuePeriod('weekly', now, 'Pacific/Auckland').periodStart).toBe('2026-03-02');
    expect(latestDuePeriod('weekly', now, 'America/Los_Angeles').periodStart).toBe('2026-02-23');
    expect(latestDuePeriod('weekly', new Date('2026-03-08T18:59:00Z'), 'Pacific/Auckland').periodStart).toBe(
      '2026-02-23',
    );
  });

  it('covers an Auckland week whose Sunday ends daylight saving (169 hours)', () => {
    const period = digestPeriodStartingOn('weekly', '2026-03-30', 'Pacific/Auckland');
    expect(period.from.toISOString()).toBe('2026-03-29T11:00:00.000Z'); // 00:00 NZDT (+13)
    expect(period.to.toISOString()).toBe('2026-04-05T12:00:00.000Z'); // 00:00 NZST (+12)
    expect(period.dueAt.toISOString()).toBe('2026-04-05T20:00:00.000Z');
  });

  it('covers the previous calendar month from the 1st at 08:00 local', () => {
    const zone = 'America/Los_Angeles';
    expect(latestDuePeriod('monthly', new Date('2026-04-01T14:59:00Z'), zone).periodStart).toBe('2026-02-01');
    const march = latestDuePeriod('monthly', new Date('2026-04-01T15:00:00Z'), zone);
    expect(march.periodStart).toBe('2026-03-01');
    expect(march.periodEnd).toBe('2026-03-31');
    expect(march.from.toISOString()).toBe('2026-03-01T08:00:00.000Z');
    // January's digest in Auckland leaves on 1 February 08:00 NZDT, 31 January 19:00 UTC.
    expect(latestDuePeriod('monthly', new Date('2026-01-31T19:00:00Z'), 'Pacific/Auckland').periodStart).toBe(
      '2026-01-01',
    );
  });

  it('takes the instant after a skipped hour', () => {
    // 02:30 does not exist in Los Angeles on 8 March 2026.
    expect(localTimeToInstant({ year: 2026, month: 3, day: 8 }, 2, 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T10:00:00.000Z',
    );
  });
});
