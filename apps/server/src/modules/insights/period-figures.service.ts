import {
  addDays,
  type ComparedFigure,
  type FigureChange,
  type PeriodFigures,
  previousPeriodOf,
} from '@graphium/shared';
import {
  figureOf,
  npsSample,
  type Sample,
  sampleFromSums,
  twoProportionTest,
  welchTest,
} from '@graphium/shared/statistics';
import type { Executor } from '../../db/client.js';
import { ensureDailyStatsZone } from '../responses/response-aggregates.service.js';
import { type DailySums, sumBuckets, sumTemplatePeriods } from './insights.repository.js';

// The headline figures of a period beside the previous period of equal length, with their 95%
// margins and the changes' tests (docs/decisions/028-dashboard.md#statistics). The dashboard and the
// digests share them, read from the daily aggregate cut at the workspace's local days (decision 035).

export const emptySums = (): DailySums => ({
  sent: 0,
  responded: 0,
  completed: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  compositeCount: 0,
  compositeSum: 0,
  compositeSumOfSquares: 0,
});

function addSums(total: DailySums, sums: DailySums): DailySums {
  for (const key of Object.keys(total) as (keyof DailySums)[]) total[key] += sums[key];
  return total;
}

export const npsSampleOf = (sums: DailySums): Sample | null =>
  npsSample({ promoters: sums.promoters, passives: sums.passives, detractors: sums.detractors });
export const compositeSampleOf = (sums: DailySums): Sample | null =>
  sampleFromSums(sums.compositeCount, sums.compositeSum, sums.compositeSumOfSquares);

/** The figure now and before, and the change by Welch's test when both have two answers or more. */
export function compareSamples(current: Sample | null, previous: Sample | null): ComparedFigure {
  const test = welchTest(previous, current);
  const change: FigureChange | null =
    test && current && previous ? { difference: current.mean - previous.mean, ...test } : null;
  return { current: figureOf(current), previous: figureOf(previous), change };
}

const rateOf = (sums: DailySums) => ({
  value: sums.sent > 0 ? (sums.responded / sums.sent) * 100 : null,
  sent: sums.sent,
  responded: sums.responded,
});

/** Figures from the sums of a period and of the one before it. */
export function compareSums(
  period: { from: string; to: string },
  current: DailySums,
  previous: DailySums,
): PeriodFigures {
  const rateTest = twoProportionTest(
    { successes: previous.responded, trials: previous.sent },
    { successes: current.responded, trials: current.sent },
  );
  const currentRate = rateOf(current);
  const previousRate = rateOf(previous);
  return {
    period: { from: period.from, to: period.to },
    previousPeriod: previousPeriodOf(period),
    nps: compareSamples(npsSampleOf(current), npsSampleOf(previous)),
    composite: compareSamples(compositeSampleOf(current), compositeSampleOf(previous)),
    responses: { current: current.completed, previous: previous.completed },
    responseRate: {
      current: currentRate,
      previous: previousRate,
      change:
        rateTest && currentRate.value !== null && previousRate.value !== null
          ? { difference: currentRate.value - previousRate.value, ...rateTest }
          : null,
    },
  };
}

export interface PeriodScope {
  workspaceId: string;
  /** Only these templates (already checked to be the workspace's); none: all of them. */
  templateIds?: readonly string[] | undefined;
  /** First and last day of the period (YYYY-MM-DD, local days of `timeZone`), both included. */
  from: string;
  to: string;
  /** The workspace's time zone, whose days the aggregate is cut at (decision 035). */
  timeZone: string;
}

/**
 * Makes the daily aggregate cut at the scope's time zone (rebuilt once after the workspace's zone
 * changes) before it is read; answers the zone the days are in.
 */
export function prepareDays(
  db: Executor,
  scope: Pick<PeriodScope, 'workspaceId' | 'timeZone'>,
  current?: string,
): Promise<string> {
  return ensureDailyStatsZone(db, scope.workspaceId, scope.timeZone, current);
}

/** Each template's sums for the period and the previous one. */
export async function loadTemplatePeriodSums(
  db: Executor,
  scope: PeriodScope,
): Promise<Map<string, { current: DailySums; previous: DailySums }>> {
  const previous = previousPeriodOf(scope);
  const rows = await sumTemplatePeriods(db, {
    workspaceId: scope.workspaceId,
    templateIds: scope.templateIds,
    from: previous.from,
    currentFrom: scope.from,
    to: scope.to,
  });
  const byTemplate = new Map<string, { current: DailySums; previous: DailySums }>();
  for (const { templateId, current, ...sums } of rows) {
    const entry = byTemplate.get(templateId) ?? { current: emptySums(), previous: emptySums() };
    addSums(current ? entry.current : entry.previous, sums);
    byTemplate.set(templateId, entry);
  }
  return byTemplate;
}

/** Every template's sums added up: the figures of the workspace (or of the chosen templates). */
export function figuresOfTemplates(
  scope: PeriodScope,
  byTemplate: Map<string, { current: DailySums; previous: DailySums }>,
): PeriodFigures {
  const current = emptySums();
  const previous = emptySums();
  for (const entry of byTemplate.values()) {
    addSums(current, entry.current);
    addSums(previous, entry.previous);
  }
  return compareSums(scope, current, previous);
}

/**
 * The headline figures of a period (NPS and composite with margins, responses, response rate)
 * beside the previous period of equal length, with the changes and their significance. The
 * caller checks that the templates are the workspace's.
 */
export async function periodFigures(db: Executor, scope: PeriodScope): Promise<PeriodFigures> {
  await prepareDays(db, scope);
  return figuresOfTemplates(scope, await loadTemplatePeriodSums(db, scope));
}

/** Completed responses on each local day of the period, every day listed (the digests' chart). */
export async function dailyResponses(
  db: Executor,
  scope: PeriodScope,
): Promise<{ day: string; count: number }[]> {
  await prepareDays(db, scope);
  const counts = new Map((await sumBuckets(db, scope, 'day')).map((row) => [row.start, row.completed]));
  const days: { day: string; count: number }[] = [];
  for (let day = scope.from; day <= scope.to; day = addDays(day, 1))
    days.push({ day, count: counts.get(day) ?? 0 });
  return days;
}
