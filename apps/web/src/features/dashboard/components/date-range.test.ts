import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetRange, readRange } from './date-range';

describe('dashboard ranges', () => {
  it('counts presets back from today, the quarter and the year from their first day', () => {
    expect(presetRange('7d', '2026-03-16')).toEqual({ from: '2026-03-10', to: '2026-03-16' });
    expect(presetRange('30d', '2026-03-16')).toEqual({ from: '2026-02-15', to: '2026-03-16' });
    expect(presetRange('90d', '2026-03-16')).toEqual({ from: '2025-12-17', to: '2026-03-16' });
    expect(presetRange('quarter', '2026-05-20')).toEqual({ from: '2026-04-01', to: '2026-05-20' });
    expect(presetRange('year', '2026-05-20')).toEqual({ from: '2026-01-01', to: '2026-05-20' });
  });

  it('reads the range from the URL, falling back to the last 30 days', () => {
    const custom = new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31');
    expect(readRange(custom, '2026-03-16')).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(readRange(new URLSearchParams('range=90d'), '2026-03-16').from).toBe('2025-12-17');
    const backwards = new URLSearchParams('range=custom&from=2026-02-01&to=2026-01-01');
    expect(readRange(backwards, '2026-03-16')).toEqual({
      preset: '30d',
      from: '2026-02-15',
      to: '2026-03-16',
    });
  });

  it('says why a custom range cannot be shown', () => {
    expect(customRangeProblem('', '2026-01-01')).toBe('Choose both dates.');
    expect(customRangeProblem('2026-02-01', '2026-01-01')).toBe(
      'The end date must be on or after the start date.',
    );
    expect(customRangeProblem('2020-01-01', '2026-01-01')).toBe('Choose a range of at most two years.');
    expect(customRangeProblem('2026-01-01', '2026-01-01')).toBeUndefined();
  });
});
