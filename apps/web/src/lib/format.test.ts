import { describe, expect, it } from 'vitest';
import {
  capitalize,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatOptionalDateTime,
  formatPercent,
  formatPoints,
  formatWholeDaysAgo,
} from './format';

describe('format', () => {
  it('writes dates as MM/dd/yyyy and times on a 12-hour clock (en-US)', () => {
    const afternoon = new Date(2025, 2, 7, 14, 5);
    expect(formatDate(afternoon)).toBe('03/07/2025');
    expect(formatDateTime(afternoon)).toBe('03/07/2025, 2:05 PM');
    expect(formatDateTime(afternoon.toISOString())).toBe('03/07/2025, 2:05 PM');
  });

  it('has no text for a missing or broken date', () => {
    expect(formatOptionalDateTime(null)).toBeUndefined();
    expect(formatOptionalDateTime(undefined)).toBeUndefined();
    expect(formatOptionalDateTime('')).toBeUndefined();
    expect(formatOptionalDateTime('not a date')).toBeUndefined();
    expect(formatOptionalDateTime(new Date(2025, 0, 2, 9, 30))).toBe('01/02/2025, 9:30 AM');
  });

  it('writes a calendar day without moving it through a time zone', () => {
    expect(formatCalendarDay('2025-03-01')).toBe('03/01/2025');
    expect(formatCalendarDay('2020-12-31')).toBe('12/31/2020');
    expect(formatCalendarDay('31/12/2020')).toBe('31/12/2020');
  });

  it('groups thousands and rounds percentages', () => {
    expect(formatNumber(10000)).toBe('10,000');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatPercent(77.5)).toBe('78%');
    expect(formatPercent(0)).toBe('0%');
    expect(capitalize('editor')).toBe('Editor');
  });

  it('writes benchmark differences as unsigned points to one decimal', () => {
    expect(formatPoints(3.5)).toBe('3.5 pts');
    expect(formatPoints(-10)).toBe('10.0 pts');
  });

  it('writes file sizes in bytes, KB and MB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });

  it('counts whole days for an age, never a future one', () => {
    const now = new Date(2025, 2, 10, 12).getTime();
    const hoursAgo = (hours: number) => new Date(now - hours * 60 * 60 * 1000);
    expect(formatWholeDaysAgo(hoursAgo(23), now)).toBe('today');
    expect(formatWholeDaysAgo(hoursAgo(25), now)).toBe('1 day ago');
    expect(formatWholeDaysAgo(hoursAgo(68), now)).toBe('2 days ago');
    expect(formatWholeDaysAgo(hoursAgo(-5), now)).toBe('today');
  });
});
