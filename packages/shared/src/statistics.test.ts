import jstat from 'jstat';
import { describe, expect, it } from 'vitest';
import {
  figureOf,
  marginOfError,
  npsSample,
  sampleFromSums,
  tQuantile975,
  twoProportionTest,
  welchTest,
} from './statistics.js';

const { jStat } = jstat;

// Expected values worked by hand (shown beside each) with t and z tables.

describe('margins of error at 95%', () => {
  it('gives an NPS margin from the three shares', () => {
    // 50 promoters, 30 passives, 20 detractors: NPS 30. Coded answers: sum 3,000, sum of squares
    // 700,000; sample variance (700,000 - 100 * 30^2) / 99 = 6,161.6; standard error 7.8496;
    // t(0.975, 99) = 1.98422, so the margin is 15.575 points.
    const sample = npsSample({ promoters: 50, passives: 30, detractors: 20 });
    expect(sample?.mean).toBe(30);
    expect(sample?.variance).toBeCloseTo(6161.616, 2);
    expect(marginOfError(sample)).toBeCloseTo(15.575, 2);
  });

  it('gives a mean margin from the standard deviation', () => {
    // 25 answers, mean 70, standard deviation 10: t(0.975, 24) = 2.0639, standard error 2, margin 4.128.
    const sample = { count: 25, mean: 70, variance: 100 };
    expect(marginOfError(sample)).toBeCloseTo(4.128, 3);
  });

  it('rebuilds a sample from the sums an aggregate table keeps', () => {
    // Values 2, 4, 4, 4, 5, 5, 7, 9: sum 40, sum of squares 232, mean 5, sample variance 32 / 7.
    const sample = sampleFromSums(8, 40, 232);
    expect(sample).toEqual({ count: 8, mean: 5, variance: 32 / 7 });
  });

  it('has no margin below two answers and calls under 30 answers indicative', () => {
    expect(marginOfError(npsSample({ promoters: 1, passives: 0, detractors: 0 }))).toBeNull();
    expect(npsSample({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
    expect(figureOf(sampleFromSums(29, 29, 29)).indicative).toBe(true);
    expect(figureOf(sampleFromSums(30, 30, 30)).indicative).toBe(false);
    expect(figureOf(null)).toEqual({ value: null, count: 0, marginOfError: null, indicative: true });
  });
});

describe('significance of a change between periods', () => {
  // Two samples of 10 with variance 4: standard error sqrt(0.8) = 0.894427, Welch's degrees of
  // freedom 18, and t(0.975, 18) = 2.100922: a difference of 1.8791 is the boundary.
  const before = { count: 10, mean: 5, variance: 4 };

  it('marks a Welch difference significant just above the boundary and not just below', () => {
    const below = welchTest(before, { ...before, mean: 5 + 2.09 * 0.894427 });
    const above = welchTest(before, { ...before, mean: 5 + 2.11 * 0.894427 });
    expect(below?.test).toBe('welch');
    expect(below?.pValue).toBeGreaterThan(0.05);
    expect(below?.significant).toBe(false);
    expect(above?.pValue).toBeLessThan(0.05);
    expect(above?.significant).toBe(true);
  });

  it('gives the Welch p-value of a known case', () => {
    // Means 5 and 7: t = 2.23607 on 18 degrees of freedom, two-sided p = 0.0383.
    expect(welchTest(before, { ...before, mean: 7 })?.pValue).toBeCloseTo(0.0383, 3);
    expect(welchTest(before, { count: 1, mean: 7, variance: 0 })).toBeNull();
  });

  it('tests NPS changes on the coded answers', () => {
    const earlier = npsSample({ promoters: 40, passives: 30, detractors: 30 });
    const later = npsSample({ promoters: 60, passives: 25, detractors: 15 });
    const result = welchTest(earlier, later);
    expect(result?.significant).toBe(true);
    const small = welchTest(
      npsSample({ promoters: 4, passives: 3, detractors: 3 }),
      npsSample({ promoters: 6, passives: 2, detractors: 2 }),
    );
    expect(small?.significant).toBe(false);
  });

  it('tests rates with the two-proportion z-test', () => {
    // 50/100 against 65/100: pooled 0.575, standard error 0.069911, z = 2.1456, p = 0.0319.
    const significant = twoProportionTest({ successes: 50, trials: 100 }, { successes: 65, trials: 100 });
    expect(significant?.test).toBe('two-proportion');
    expect(significant?.pValue).toBeCloseTo(0.0319, 3);
    expect(significant?.significant).toBe(true);
    // 50/100 against 63/100: z = 1.8542, p = 0.0637.
    const not = twoProportionTest({ successes: 50, trials: 100 }, { successes: 63, trials: 100 });
    expect(not?.pValue).toBeCloseTo(0.0637, 3);
    expect(not?.significant).toBe(false);
    expect(twoProportionTest({ successes: 0, trials: 0 }, { successes: 1, trials: 2 })).toBeNull();
  });
});

describe("Student's t quantile", () => {
  it.each([1, 2, 10, 29, 30, 31, 50, 99, 100, 1000, 100_000])(
    'matches jStat at %i degrees of freedom',
    (df) => {
      expect(Math.abs(tQuantile975(df) - jStat.studentt.inv(0.975, df))).toBeLessThan(1e-6);
    },
  );
});
