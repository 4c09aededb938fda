import { describe, expect, it } from 'vitest';
import {
  binBounds,
  compareDecimals,
  dateBinLabel,
  dateBinStart,
  dateBinStarts,
  dateBins,
  nextDateBound,
  numberBinIndex,
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

  it('puts a value in its range with exact decimals, as numeric arithmetic does (decision 034)', () => {
    const fractions = numberBins(0.12, 0.97);
    // Ranges from 0.1 by 0.1: 0.3 opens the third. In floating point (0.3 - 0.1) / 0.1 is
    // 1.9999999999999998, which would put it a range short.
    expect(binBounds(fractions, 2).low).toBe(0.3);
    expect((0.3 - fractions.start) / fractions.step).toBeLessThan(2);
    expect(numberBinIndex(fractions, '0.3')).toBe(2);
    expect(numberBinIndex(fractions, '0.29999')).toBe(1);
    const signed = numberBins(-3, 250);
    expect(signed).toEqual({ start: -50, step: 50, count: 7 });
    expect(numberBinIndex(signed, '-3')).toBe(0);
    expect(numberBinIndex(signed, '-50')).toBe(0);
    expect(numberBinIndex(signed, '0')).toBe(1);
    expect(numberBinIndex(signed, '250')).toBe(6);
    expect(numberBinIndex(numberBins(1e-7, 9e-7), '1e-7')).toBe(
      numberBinIndex(numberBins(1e-7, 9e-7), '0.0000001'),
    );
    expect(['12.5', '-3', '1e+2', '1.50', '99.99'].sort(compareDecimals)).toEqual([
      '-3',
      '1.50',
      '12.5',
      '99.99',
      '1e+2',
    ]);
    expect(compareDecimals('1.5', '1.50')).toBe(0);
  });

  it('puts a day in the range holding it', () => {
    expect(dateBinStart({ unit: 'day', yearStep: 1 }, '2026-03-02')).toBe('2026-03-02');
    expect(dateBinStart({ unit: 'month', yearStep: 1 }, '2026-03-02')).toBe('2026-03-01');
    expect(dateBinStart({ unit: 'year', yearStep: 5 }, '1963-07-04')).toBe('1960-01-01');
  });
});
