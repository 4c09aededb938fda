import {
  addDays,
  bucketOfRange,
  type Dashboard,
  type DashboardBucket,
  type DashboardMover,
  type DashboardQuery,
  type DashboardTrendPoint,
} from '@graphium/shared';
import { figureOf, indicativeBelow } from '@graphium/shared/statistics';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { countOpenAndOverdueCases } from '../cases/cases.service.js';
import { loadTimeZone } from '../notifications/notifications.service.js';
import { countSurveysInDailyStats, findDailyStatsZone } from '../responses/response-aggregates.service.js';
import { rebuildDailyStatsJob } from './insights.jobs.js';
import { type DailySums, findSurveyTemplates, sumBuckets } from './insights.repository.js';
import {
  compareSamples,
  compositeSampleOf,
  emptySums,
  figuresOfTemplates,
  loadTemplatePeriodSums,
  npsSampleOf,
  prepareDays,
} from './period-figures.service.js';

// `GET /dashboard` (docs/decisions/028-dashboard.md): the period's figures, the trend, the open
// cases and the templates that moved most.

const moverCount = 5;

/** Every bucket's first day in the period: each day, each Monday or each 1st, the period's first day first. */
export function bucketStarts(from: string, to: string, bucket: DashboardBucket): string[] {
  const starts = [from];
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) {
    const date = new Date(`${day}T00:00:00Z`);
    const isStart =
      bucket === 'day' || (bucket === 'week' ? date.getUTCDay() === 1 : date.getUTCDate() === 1);
    if (isStart) starts.push(day);
  }
  return starts;
}

function trendOf(from: string, to: string, bucket: DashboardBucket, rows: (DailySums & { start: string })[]) {
  const byStart = new Map(rows.map((row) => [row.start, row]));
  return bucketStarts(from, to, bucket).map((start): DashboardTrendPoint => {
    const sums = byStart.get(start) ?? emptySums();
    return {
      start,
      responses: sums.completed,
      nps: figureOf(npsSampleOf(sums)),
      composite: figureOf(compositeSampleOf(sums)),
    };
  });
}

/**
 * The templates whose NPS (composite where they have no NPS answers) changed most: those with
 * enough answers in both periods before the indicative ones, then by the size of the change.
 */
export function findMovers(
  byTemplate: Map<string, { current: DailySums; previous: DailySums }>,
  names: Map<string, string>,
): DashboardMover[] {
  const movers: DashboardMover[] = [];
  for (const [templateId, { current, previous }] of byTemplate) {
    const hasNps = current.promoters + current.passives + current.detractors > 0;
    const measure = hasNps ? 'nps' : 'composite';
    const sampleOf = hasNps ? npsSampleOf : compositeSampleOf;
    const compared = compareSamples(sampleOf(current), sampleOf(previous));
    if (!compared.change) continue;
    movers.push({
      templateId,
      name: names.get(templateId) ?? 'Survey template',
      measure,
      current: compared.current,
      previous: compared.previous,
      change: compared.change,
    });
  }
  const isSolid = (mover: DashboardMover) =>
    mover.current.count >= indicativeBelow && mover.previous.count >= indicativeBelow;
  return movers
    .sort(
      (left, right) =>
        Number(isSolid(right)) - Number(isSolid(left)) ||
        Math.abs(right.change.difference) - Math.abs(left.change.difference) ||
        left.name.localeCompare(right.name),
    )
    .slice(0, moverCount);
}

/**
 * Surveys up to which a zone change rebuilds the daily rows within the dashboard's request (about
 * a second on PostgreSQL); beyond, a job does it (34.5 s at 8,800,000 surveys).
 */
const inlineRebuildLimit = 250_000;

/**
 * The zone the dashboard's days are in: the workspace's, or the previous one while a job rebuilds
 * them (`pendingTimeZone`: the workspace's zone then).
 */
export async function prepareDashboardDays(
  ctx: AppContext,
  workspaceId: string,
  timeZone: string,
  rowsZone: string,
  limit = inlineRebuildLimit,
): Promise<{ daysZone: string; pendingTimeZone: string | null }> {
  if (rowsZone === timeZone) return { daysZone: timeZone, pendingTimeZone: null };
  if ((await countSurveysInDailyStats(ctx.db, workspaceId)) <= limit)
    return {
      daysZone: await prepareDays(ctx.db, { workspaceId, timeZone }, rowsZone),
      pendingTimeZone: null,
    };
  await ctx.jobs.send(rebuildDailyStatsJob, { workspaceId }, { key: workspaceId });
  return { daysZone: rowsZone, pendingTimeZone: timeZone };
}

/** The job's work: the workspace's daily rows in its time zone as it is now. */
export async function rebuildDashboardDays(ctx: AppContext, workspaceId: string): Promise<string> {
  return prepareDays(ctx.db, { workspaceId, timeZone: await loadTimeZone(ctx.db, workspaceId) });
}

export async function getDashboard(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: DashboardQuery,
): Promise<Dashboard> {
  const { workspaceId } = actor;
  // Read together, so that the days cost no extra round trip unless the zone changed.
  const [templates, timeZone, rowsZone] = await Promise.all([
    findSurveyTemplates(ctx.db, workspaceId),
    loadTimeZone(ctx.db, workspaceId),
    findDailyStatsZone(ctx.db, workspaceId),
  ]);
  const names = new Map(templates.map((template) => [template.templateId, template.name]));
  // Another workspace's template answers 404, like every object of another tenant.
  if (query.templateIds?.some((id) => !names.has(id))) throw notFound('Survey template not found');
  // Days are the workspace's local days (decision 035), or the previous zone's while a large
  // workspace's rows are rebuilt.
  const { daysZone, pendingTimeZone } = await prepareDashboardDays(ctx, workspaceId, timeZone, rowsZone);
  const scope = {
    workspaceId,
    templateIds: query.templateIds,
    from: query.from,
    to: query.to,
    timeZone: daysZone,
  };
  const bucket = bucketOfRange(query.from, query.to);
  const [byTemplate, buckets, cases] = await Promise.all([
    loadTemplatePeriodSums(ctx.db, scope),
    sumBuckets(ctx.db, scope, bucket),
    countOpenAndOverdueCases(ctx.db, workspaceId, ctx.now(), query.templateIds),
  ]);
  return {
    figures: figuresOfTemplates(scope, byTemplate),
    bucket,
    trend: trendOf(query.from, query.to, bucket, buckets),
    cases,
    movers: findMovers(byTemplate, names),
    templates,
    timeZone: daysZone,
    pendingTimeZone,
  };
}
