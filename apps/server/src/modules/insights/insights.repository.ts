import type { DashboardBucket } from '@graphium/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { responseDailyStats, templates } from '../../db/schema/index.js';

// The dashboard reads only the daily aggregate (docs/decisions/028-dashboard.md), never surveys.

/** The daily aggregate's sums over some days and templates. */
export interface DailySums {
  sent: number;
  responded: number;
  completed: number;
  promoters: number;
  passives: number;
  detractors: number;
  compositeCount: number;
  compositeSum: number;
  compositeSumOfSquares: number;
}

const d = responseDailyStats;
const sums = {
  sent: sql<number>`coalesce(sum(${d.sentCount}), 0)::float8`,
  responded: sql<number>`coalesce(sum(${d.respondedCount}), 0)::float8`,
  completed: sql<number>`coalesce(sum(${d.completedCount}), 0)::float8`,
  promoters: sql<number>`coalesce(sum(${d.promoters}), 0)::float8`,
  passives: sql<number>`coalesce(sum(${d.passives}), 0)::float8`,
  detractors: sql<number>`coalesce(sum(${d.detractors}), 0)::float8`,
  compositeCount: sql<number>`coalesce(sum(${d.compositeCount}), 0)::float8`,
  compositeSum: sql<number>`coalesce(sum(${d.compositeSum}), 0)::float8`,
  compositeSumOfSquares: sql<number>`coalesce(sum(${d.compositeSumOfSquares}), 0)::float8`,
};

function toSums(row: Record<keyof DailySums, number | string>): DailySums {
  return {
    sent: Number(row.sent),
    responded: Number(row.responded),
    completed: Number(row.completed),
    promoters: Number(row.promoters),
    passives: Number(row.passives),
    detractors: Number(row.detractors),
    compositeCount: Number(row.compositeCount),
    compositeSum: Number(row.compositeSum),
    compositeSumOfSquares: Number(row.compositeSumOfSquares),
  };
}

function scope(
  workspaceId: string,
  templateIds: readonly string[] | undefined,
  from: string,
  to: string,
): SQL {
  return and(
    eq(d.workspaceId, workspaceId),
    sql`${d.day} between ${from}::date and ${to}::date`,
    templateIds ? inArray(d.templateId, [...templateIds]) : undefined,
  )!;
}

/**
 * Sums per template for two adjacent periods at once: `current` is true for days on or after
 * `currentFrom`.
 */
export async function sumTemplatePeriods(
  db: Executor,
  range: {
    workspaceId: string;
    templateIds?: readonly string[] | undefined;
    from: string;
    currentFrom: string;
    to: string;
  },
): Promise<(DailySums & { templateId: string; current: boolean })[]> {
  const current = sql<boolean>`${d.day} >= ${range.currentFrom}::date`;
  const rows = await db
    .select({ templateId: d.templateId, current, ...sums })
    .from(d)
    .where(scope(range.workspaceId, range.templateIds, range.from, range.to))
    // By position: the expressions carry parameters, which PostgreSQL would not match by text.
    .groupBy(sql`1, 2`);
  return rows.map((row) => ({ templateId: row.templateId, current: Boolean(row.current), ...toSums(row) }));
}

/** Sums per bucket (its first day, clipped to `from`) over the templates. */
export async function sumBuckets(
  db: Executor,
  range: { workspaceId: string; templateIds?: readonly string[] | undefined; from: string; to: string },
  bucket: DashboardBucket,
): Promise<(DailySums & { start: string })[]> {
  const start =
    bucket === 'day'
      ? sql<string>`${d.day}::text`
      : sql<string>`greatest(date_trunc(${sql.raw(`'${bucket}'`)}, ${d.day}::timestamp)::date, ${range.from}::date)::text`;
  const rows = await db
    .select({ start, ...sums })
    .from(d)
    .where(scope(range.workspaceId, range.templateIds, range.from, range.to))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ start: String(row.start), ...toSums(row) }));
}

/** The workspace's survey templates, by name. */
export function findSurveyTemplates(db: Executor, workspaceId: string) {
  return db
    .select({ templateId: templates.id, name: templates.name })
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.kind, 'survey')))
    .orderBy(asc(templates.name), asc(templates.id));
}
