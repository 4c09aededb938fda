import { describe, expect, it } from 'vitest';
import { formatInstantInZone, readCalendarDate, readInstant, spreadsheetSerialInZone } from './dates.js';

describe('reading dates as people and spreadsheets write them', () => {
  it('reads calendar days in ISO, slashed (month first) and spreadsheet forms', () => {
    expect(readCalendarDate('2025-03-03')).toBe('2025-03-03');
    expect(readCalendarDate(' 2025-3-3 ')).toBe('2025-03-03');
    expect(readCalendarDate('2025/03/03')).toBe('2025-03-03');
    expect(readCalendarDate('03/04/2025')).toBe('2025-03-04');
    expect(readCalendarDate('2025-03-03T10:00')).toBe('2025-03-03');
    expect(readCalendarDate(45719)).toBe('2025-03-03');
    expect(readCalendarDate('45719')).toBe('2025-03-03');
    for (const wrong of ['2025-02-30', '25/03/2025', '2025', 2025, 'tomorrow', '', null]) {
      expect(readCalendarDate(wrong)).toBeUndefined();
    }
  });

  it('reads instants with or without seconds and zone, as a datetime-local input writes them', () => {
    expect(readInstant('2025-03-03T10:00')).toBe('2025-03-03T10:00:00.000Z');
    expect(readInstant('2025-03-03 10:00:30')).toBe('2025-03-03T10:00:30.000Z');
    expect(readInstant('2025-03-03T10:00:00Z')).toBe('2025-03-03T10:00:00.000Z');
    expect(readInstant('2025-03-03T10:00+01:00')).toBe('2025-03-03T09:00:00.000Z');
    expect(readInstant('2025-03-03T10:00:00.5-0500')).toBe('2025-03-03T15:00:00.500Z');
    expect(readInstant(45719.5)).toBe('2025-03-03T12:00:00.000Z');
    for (const wrong of ['2025-03-03', '2025-03-03T24:00', '2025-02-30T10:00', '10:00', 'now', 5]) {
      expect(readInstant(wrong)).toBeUndefined();
    }
  });
});

describe('instants in a time zone', () => {
  it('writes ISO 8601 with the offset of the zone at that instant', () => {
    const instant = new Date('2025-03-04T15:06:00.000Z');
    expect(formatInstantInZone(instant, 'America/New_York')).toBe('2025-03-04T10:06:00-05:00');
    expect(formatInstantInZone(new Date('2025-07-04T15:06:00.000Z'), 'America/New_York')).toBe(
      '2025-07-04T11:06:00-04:00',
    );
    expect(formatInstantInZone(instant, 'Asia/Kolkata')).toBe('2025-03-04T20:36:00+05:30');
    expect(formatInstantInZone(instant, 'UTC')).toBe('2025-03-04T15:06:00+00:00');
  });

  it('gives the spreadsheet serial of the wall clock in the zone', () => {
    expect(spreadsheetSerialInZone(new Date('2025-03-03T12:00:00.000Z'), 'UTC')).toBe(45719.5);
    expect(spreadsheetSerialInZone(new Date('2025-03-03T17:00:00.000Z'), 'America/New_York')).toBe(45719.5);
  });
});
