/// <reference path="./types/jstat.d.ts" />
import jstat from 'jstat';
import type { NpsCounts } from './scoring.js';

// jstat is CommonJS: Node's ESM loader (a worker run through tsx) offers only its default export.
const { jStat } = jstat;

// Margins of error and significance tests for the figures reports show
// (docs/decisions/028-dashboard.md#statistics). Pure functions over counts and sums, so the same
// rules serve the dashboard, segments and digests whatever query produced the figures.
//
// - A mean's margin at 95% is t(0.975, n-1) * s / sqrt(n), s the sample standard deviation.
// - An NPS is the mean of answers coded +100 (promoter), 0 (passive) and -100 (detractor); its
//   variance follows from the three shares: 100^2 * (p + d - (p - d)^2), and its margin is the
//   mean's margin of those coded answers.
// - A change between two periods is significant when a Welch test (means and NPS, coded as above)
//   or a two-proportion z-test (rates) gives a two-sided p below 0.05.
// - Fewer than 30 answers: the figure is indicative.

/** Below this many answers a figure is shown as indicative. */
export const indicativeBelow = 30;
const confidence = 0.95;
const significanceLevel = 0.05;

/** A sample by its size, mean and sample variance (n - 1 in the denominator). */
export interface Sample {
  count: number;
  mean: number;
  variance: number;
}

/** A sample from the running sums an aggregate table keeps: count, sum and sum of squares. */
export function sampleFromSums(count: number, sum: number, sumOfSquares: number): Sample | null {
  if (count <= 0) return null;
  const mean = sum / count;
  const variance = count > 1 ? Math.max(0, (sumOfSquares - count * mean * mean) / (count - 1)) : 0;
  return { count, mean, variance };
}

/** The NPS answers as a sample of values coded +100, 0 and -100. */
export function npsSample(counts: NpsCounts): Sample | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (total === 0) return null;
  const sum = 100 * (counts.promoters - counts.detractors);
  const sumOfSquares = 100 * 100 * (counts.promoters + counts.detractors);
  return sampleFromSums(total, sum, sumOfSquares);
}

/** The normal distribution's 97.5% quantile. */
const z975 = 1.959963984540054;
const smallDegreesOfFreedom = 30;
const tQuantiles = new Map<number, number>();

/**
 * Student's t 97.5% quantile. jStat's inverse takes milliseconds a call (an iterative inverse
 * beta), too slow for a dashboard of dozens of figures: below 30 degrees of freedom it is computed
 * once per value and kept; from 30 on, the Cornish-Fisher expansion around the normal quantile is
 * within 1e-6 of it.
 */
export function tQuantile975(degreesOfFreedom: number): number {
  if (degreesOfFreedom < smallDegreesOfFreedom) {
    let t = tQuantiles.get(degreesOfFreedom);
    if (t === undefined) {
      t = jStat.studentt.inv(1 - (1 - confidence) / 2, degreesOfFreedom) as number;
      tQuantiles.set(degreesOfFreedom, t);
    }
    return t;
  }
  const z = z975;
  const v = degreesOfFreedom;
  return (
    z +
    (z ** 3 + z) / (4 * v) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3) +
    (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / (92160 * v ** 4)
  );
}

/** Half the width of the 95% confidence interval of the sample's mean; null below two answers. */
export function marginOfError(sample: Sample | null): number | null {
  if (!sample || sample.count < 2) return null;
  return tQuantile975(sample.count - 1) * Math.sqrt(sample.variance / sample.count);
}

export interface ChangeTest {
  /** Which test gave the p-value (the UI's help text names it). */
  test: 'welch' | 'two-proportion';
  pValue: number;
  significant: boolean;
}

/** Welch's unequal-variances t-test of two means; null when either sample has fewer than two answers. */
export function welchTest(before: Sample | null, after: Sample | null): ChangeTest | null {
  if (!before || !after || before.count < 2 || after.count < 2) return null;
  const a = before.variance / before.count;
  const b = after.variance / after.count;
  const standardError = Math.sqrt(a + b);
  if (standardError === 0) {
    const same = before.mean === after.mean;
    return { test: 'welch', pValue: same ? 1 : 0, significant: !same };
  }
  const t = (after.mean - before.mean) / standardError;
  const degreesOfFreedom = (a + b) ** 2 / (a ** 2 / (before.count - 1) + b ** 2 / (after.count - 1));
  const pValue = 2 * (1 - jStat.studentt.cdf(Math.abs(t), degreesOfFreedom));
  return { test: 'welch', pValue, significant: pValue < significanceLevel };
}

/** The two-proportion z-test (pooled), for rates such as the response rate; null without trials. */
export function twoProportionTest(
  before: { successes: number; trials: number },
  after: { successes: number; trials: number },
): ChangeTest | null {
  if (before.trials === 0 || after.trials === 0) return null;
  const pooled = (before.successes + after.successes) / (before.trials + after.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / before.trials + 1 / after.trials));
  const difference = after.successes / after.trials - before.successes / before.trials;
  if (standardError === 0) return { test: 'two-proportion', pValue: 1, significant: false };
  const z = difference / standardError;
  const pValue = 2 * (1 - jStat.normal.cdf(Math.abs(z), 0, 1));
  return { test: 'two-proportion', pValue, significant: pValue < significanceLevel };
}

/** A figure with its margin, whether it is indicative, and (given the previous period's) its change. */
export interface FigureWithConfidence {
  value: number | null;
  count: number;
  marginOfError: number | null;
  indicative: boolean;
}

export function figureOf(sample: Sample | null): FigureWithConfidence {
  return {
    value: sample ? sample.mean : null,
    count: sample?.count ?? 0,
    marginOfError: marginOfError(sample),
    indicative: (sample?.count ?? 0) < indicativeBelow,
  };
}
