import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { responseDailyStats } from '../../db/schema/index.js';

// The dashboard's daily aggregate (docs/decisions/028-dashboard.md), kept beside the other
// aggregates in the transactions that send, purge and complete surveys. Days are UTC. Upserts add
// to the row, and rows are written in key order, so concurrent writers neither lose a count nor
// deadlock.

/** A day (UTC) as YYYY-MM-DD. */
const utcDayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

interface SentDay {
  templateId: string;
  workspaceId: string;
  day: string;
  count: number;
}

function countByDay(rows: readonly { templateId: string; workspaceId: string; sentAt: Date }[]): SentDay[] {
  const counts = new Map<string, SentDay>();
  for (const row of rows) {
    const day = utcDayOf(row.sentAt);
    const key = `${row.templateId}\u0000${day}`;
    const entry = counts.get(key) ?? {
      templateId: row.templateId,
      workspaceId: row.workspaceId,
      day,
      count: 0,
    };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.entries()].sort(([left], [right]) => (left < right ? -1 : 1)).map(([, entry]) => entry);
}

/** Adds sent surveys to their sending days. */
export async function addDailySent(
  db: Executor,
  sent: readonly { templateId: string; workspaceId: string; sentAt: Date }[],
): Promise<void> {
  const rows = countByDay(sent);
  if (rows.length === 0) return;
  await db
    .insert(responseDailyStats)
    .values(rows.map(({ count, ...key }) => ({ ...key, sentCount: count })))
    .onConflictDoUpdate({
      target: [responseDailyStats.templateId, responseDailyStats.day],
      set: { sentCount: sql`${responseDailyStats.sentCount} + excluded.sent_count` },
    });
}

/** Takes surveys deleted unanswered out of their sending days. */
export async function removeDailySent(
  db: Executor,
  removed: readonly { templateId: string; workspaceId: string; sentAt: Date }[],
): Promise<void> {
  for (const row of countByDay(removed)) {
    await db.execute(
      sql`update ${responseDailyStats} set sent_count = greatest(sent_count - ${row.count}, 0)
          where template_id = ${row.templateId} and day = ${row.day}`,
    );
  }
}

export interface DailyCompletion {
  templateId: string;
  workspaceId: string;
  sentAt: Date;
  completedAt: Date;
  /** The answer to the first NPS question answered (0..10), or null. */
  npsAnswer: number | null;
  compositePercentage: number | null;
}

/** Counts a completion on its completion day and as responded on its sending day. */
export async function addDailyCompletion(db: Executor, completion: DailyCompletion): Promise<void> {
  const { templateId, workspaceId, npsAnswer, compositePercentage } = completion;
  const composite = compositePercentage ?? 0;
  const completed = {
    templateId,
    workspaceId,
    day: utcDayOf(completion.completedAt),
    respondedCount: 0,
    completedCount: 1,
    promoters: npsAnswer !== null && npsAnswer >= 9 ? 1 : 0,
    passives: npsAnswer !== null && npsAnswer >= 7 && npsAnswer < 9 ? 1 : 0,
    detractors: npsAnswer !== null && npsAnswer < 7 ? 1 : 0,
    compositeCount: compositePercentage === null ? 0 : 1,
    compositeSum: composite,
    compositeSumOfSquares: composite * composite,
  };
  const sentDay = utcDayOf(completion.sentAt);
  const rows =
    sentDay === completed.day
      ? [{ ...completed, respondedCount: 1 }]
      : [
          completed,
          {
            templateId,
            workspaceId,
            day: sentDay,
            respondedCount: 1,
            completedCount: 0,
            promoters: 0,
            passives: 0,
            detractors: 0,
            compositeCount: 0,
            compositeSum: 0,
            compositeSumOfSquares: 0,
          },
        ].sort((left, right) => (left.day < right.day ? -1 : 1));
  const add = (column: string) => sql.raw(`response_daily_stats.${column} + excluded.${column}`);
  await db
    .insert(responseDailyStats)
    .values(rows)
    .onConflictDoUpdate({
      target: [responseDailyStats.templateId, responseDailyStats.day],
      set: {
        respondedCount: add('responded_count'),
        completedCount: add('completed_count'),
        promoters: add('promoters'),
        passives: add('passives'),
        detractors: add('detractors'),
        compositeCount: add('composite_count'),
        compositeSum: add('composite_sum'),
        compositeSumOfSquares: add('composite_sum_of_squares'),
      },
    });
}
