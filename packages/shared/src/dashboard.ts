import { z } from 'zod';
import { isCalendarDate } from './values.js';

// The dashboard's figures (docs/decisions/028-dashboard.md): a period of whole days (UTC), the
// previous period of equal length, figures with their 95% margins and the changes' tests.

const dayMs = 24 * 60 * 60 * 1000;
/** The longest range the dashboard reads: two years and a leap day. */
export const dashboardMaxDays = 731;

/** Days from `from` to `to`, both included (dates as YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** A date moved by whole days, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The period of equal length that ends the day before `from`. */
export function previousPeriodOf(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

const dashboardBuckets = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof dashboardBuckets)[number];

/** The trend's bucket: days up to 31 days, weeks (Monday) up to 183 days, months beyond. */
export function bucketOfRange(from: string, to: string): DashboardBucket {
  const days = daysInRange(from, to);
  if (days <= 31) return 'day';
  if (days <= 183) return 'week';
  return 'month';
}

const calendarDay = (label: string) =>
  z.string().refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

export const dashboardQuerySchema = z
  .object({
    from: calendarDay('from'),
    to: calendarDay('to'),
    /** Comma-separated template ids; none: every template of the workspace. */
    templateIds: z
      .string()
      .optional()
      .transform((value) => (value ? [...new Set(value.split(',').map((id) => id.trim()))] : undefined))
      .pipe(z.array(z.uuid('Survey template not found')).max(200, 'Choose at most 200 templates').optional()),
  })
  .superRefine((query, context) => {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    } else if (daysInRange(query.from, query.to) > dashboardMaxDays) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The range may be at most two years' });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure with its 95% margin of error; indicative below 30 answers. */
const figureSchema = z.object({
  value: z.number().nullable(),
  count: z.int(),
  marginOfError: z.number().nullable(),
  indicative: z.boolean(),
});
export type Figure = z.infer<typeof figureSchema>;

/** The change from the previous period and whether it is significant (p < 0.05). */
const changeSchema = z.object({
  difference: z.number(),
  test: z.enum(['welch', 'two-proportion']),
  pValue: z.number(),
  significant: z.boolean(),
});
export type FigureChange = z.infer<typeof changeSchema>;

const comparedFigureSchema = z.object({
  current: figureSchema,
  previous: figureSchema,
  /** null when a period has fewer than two answers. */
  change: changeSchema.nullable(),
});
export type ComparedFigure = z.infer<typeof comparedFigureSchema>;

const rateSchema = z.object({
  /** Percent of the surveys sent in the period that are complete now; null when none was sent. */
  value: z.number().nullable(),
  sent: z.int(),
  responded: z.int(),
});

const periodFiguresSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  nps: comparedFigureSchema,
  composite: comparedFigureSchema,
  /** Surveys completed in the period. */
  responses: z.object({ current: z.int(), previous: z.int() }),
  responseRate: z.object({
    current: rateSchema,
    previous: rateSchema,
    /** Difference in percentage points, two-proportion z-test. */
    change: changeSchema.nullable(),
  }),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

const dashboardTrendPointSchema = z.object({
  /** The bucket's first day (a Monday for weeks, the 1st for months), clipped to the period. */
  start: z.string(),
  responses: z.int(),
  nps: figureSchema,
  composite: figureSchema,
});
export type DashboardTrendPoint = z.infer<typeof dashboardTrendPointSchema>;

const dashboardMoverSchema = z.object({
  templateId: z.uuid(),
  name: z.string(),
  measure: z.enum(['nps', 'composite']),
  current: figureSchema,
  previous: figureSchema,
  change: changeSchema,
});
export type DashboardMover = z.infer<typeof dashboardMoverSchema>;

export const dashboardSchema = z.object({
  figures: periodFiguresSchema,
  bucket: z.enum(dashboardBuckets),
  trend: z.array(dashboardTrendPointSchema),
  cases: z.object({ open: z.int(), overdue: z.int() }),
  movers: z.array(dashboardMoverSchema),
  templates: z.array(z.object({ templateId: z.uuid(), name: z.string() })),
  /** The time zone whose days `from`, `to` and the trend are (the workspace's, decision 035). */
  timeZone: z.string(),
  /**
   * The workspace's new time zone while a job recomputes a large workspace's days in it (the days
   * are still in `timeZone` meanwhile), else null.
   */
  pendingTimeZone: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
