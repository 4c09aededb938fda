import { describe, expect, it } from 'vitest';
import { bucketStarts, findMovers } from './dashboard.service.js';
import type { DailySums } from './insights.repository.js';
import { compareSums, emptySums } from './period-figures.service.js';

const sums = (values: Partial<DailySums>): DailySums => ({ ...emptySums(), ...values });
const period = { from: '2026-03-10', to: '2026-03-16' };

describe('period figures', () => {
  it('marks a large NPS change on many answers significant (Welch on coded answers)', () => {
    const figures = compareSums(
      period,
      sums({ promoters: 80, passives: 10, detractors: 10 }),
      sums({ promoters: 30, passives: 30, detractors: 40 }),
    );
    expect(figures.nps.current).toMatchObject({ value: 70, count: 100, indicative: false });
    expect(figures.nps.previous.value).toBe(-10);
    expect(figures.nps.change).toMatchObject({ difference: 80, test: 'welch', significant: true });
    expect(figures.nps.change!.pValue).toBeLessThan(0.001);
  });

  it('keeps a small change on few answers not significant and indicative', () => {
    const figures = compareSums(
      period,
      sums({ promoters: 3, passives: 1, detractors: 1 }),
      sums({ promoters: 2, passives: 1, detractors: 2 }),
    );
    expect(figures.nps.current.indicative).toBe(true);
    expect(figures.nps.change).toMatchObject({ difference: 40, significant: false });
  });

  it('tests the response rate with a two-proportion z-test, and has no change without sendings', () => {
    const figures = compareSums(
      period,
      sums({ sent: 1000, responded: 600 }),
      sums({ sent: 1000, responded: 500 }),
    );
    expect(figures.responseRate.current.value).toBe(60);
    expect(figures.responseRate.change).toMatchObject({ test: 'two-proportion', significant: true });
    expect(figures.responseRate.change!.difference).toBeCloseTo(10, 9);
    const none = compareSums(period, sums({ sent: 10, responded: 5 }), emptySums());
    expect(none.responseRate.previous.value).toBeNull();
    expect(none.responseRate.change).toBeNull();
  });

  it('gives the composite from its sums and the previous period of equal length', () => {
    // 70, 80, 90: mean 80, sample variance 100.
    const figures = compareSums(
      period,
      sums({ compositeCount: 3, compositeSum: 240, compositeSumOfSquares: 19_400 }),
      emptySums(),
    );
    expect(figures.composite.current.value).toBe(80);
    // t(0.975, 2) = 4.3027, standard error 10 / sqrt(3).
    expect(figures.composite.current.marginOfError).toBeCloseTo(24.84, 2);
    expect(figures.composite.change).toBeNull();
    expect(figures.previousPeriod).toEqual({ from: '2026-03-03', to: '2026-03-09' });
  });
});

describe('trend buckets', () => {
  it('starts each week on Monday and each month on the 1st, the period first', () => {
    expect(bucketStarts('2026-03-04', '2026-03-20', 'week')).toEqual([
      '2026-03-04',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(bucketStarts('2026-01-15', '2026-03-31', 'month')).toEqual([
      '2026-01-15',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(bucketStarts('2026-03-30', '2026-04-01', 'day')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
  });
});

describe('movers', () => {
  it('puts templates with 30 answers in both periods before indicative ones, then by the size of the change', () => {
    const byTemplate = new Map([
      ['small', { current: sums({ promoters: 5 }), previous: sums({ detractors: 5 }) }],
      [
        'large',
        {
          current: sums({ promoters: 40, detractors: 20 }),
          previous: sums({ promoters: 30, detractors: 30 }),
        },
      ],
      [
        'composite',
        {
          current: sums({ compositeCount: 40, compositeSum: 2000, compositeSumOfSquares: 110_000 }),
          previous: sums({ compositeCount: 40, compositeSum: 2400, compositeSumOfSquares: 150_000 }),
        },
      ],
      ['silent', { current: emptySums(), previous: emptySums() }],
    ]);
    const names = new Map([
      ['small', 'Small'],
      ['large', 'Large'],
      ['composite', 'Stars'],
    ]);
    const movers = findMovers(byTemplate, names);
    expect(movers.map((mover) => [mover.name, mover.measure, Math.round(mover.change.difference)])).toEqual([
      ['Large', 'nps', 33],
      ['Stars', 'composite', -10],
      ['Small', 'nps', 200],
    ]);
  });
});
