import { describe, expect, it } from 'vitest';
import {
  binBounds,
  dateBinLabel,
  dateBinStarts,
  dateBins,
  nextDateBound,
  numberBins,
} from './segment-bins.js';

describe('segment ranges', () => {
  it('cuts numbers into at most about ten nice ranges holding the smallest and largest', () => {
    const bins = numberBins(3, 497);
    expect(bins).toEqual({ start: 0, step: 50, count: 10 });
    expect(binBounds(bins, 9)).toEqual({ low: 450, high: 500 });
    expect(numberBins(7, 7)).toEqual({ start: 7, step: 1, count: 1 });
    const fractions = numberBins(0.12, 0.97);
    expect(fractions.step).toBe(0.1);
    expect(binBounds(fractions, 2)).toEqual({ low: 0.3, high: 0.4 });
  });

  it('cuts dates into days, months or years by their span', () => {
    expect(dateBins('2026-01-01', '2026-01-20').unit).toBe('day');
    const months = dateBins('2026-01-15', '2026-04-02');
    expect(dateBinStarts(months, '2026-01-15', '2026-04-02')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(dateBinLabel(months, '2026-02-01')).toBe('Feb 2026');
    const years = dateBins('1961-05-01', '2005-01-01');
    expect(years).toEqual({ unit: 'year', yearStep: 5 });
    expect(dateBinStarts(years, '1961-05-01', '2005-01-01')[0]).toBe('1960-01-01');
    expect(nextDateBound(years, '1960-01-01')).toBe('1965-01-01');
    expect(dateBinLabel(years, '1960-01-01')).toBe('1960–1964');
  });
});
