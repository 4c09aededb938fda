import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { responseDailyStats, responseDailyStatsZones } from '../../db/schema/index.js';

// The dashboard's daily aggregate (docs/decisions/028-dashboard.md), kept beside the other
// aggregates in the transactions that send, purge and complete surveys. Days are the workspace's
// local days (decision 035): each statement that adds to the aggregate reads the zone its rows are
// cut at (`response_daily_stats_zones`) under a key-share lock and computes the days itself, so a
// rebuild for another zone (which locks that row for update) never misses or splits a write.
// Upserts add to the row, and rows are written in key order, so concurrent writers neither lose a
// count nor deadlock.

const zones = responseDailyStatsZones;

/** The zone of a workspace's daily rows, read under a key-share lock ('UTC' without a row). */
export function lockedZoneOf(workspaceId: SQL | string): SQL {
  return sql`coalesce((select z.time_zone from ${zones} z where z.workspace_id = ${workspaceId}::uuid for key share), 'UTC')`;
}

/** The lock a zone rebuild holds for its whole length (exclusive) and removals take (shared). */
const rebuildLockKey = (workspaceId: SQL | string): SQL =>
  sql`hashtextextended('response_daily_stats:' || (${workspaceId})::text, 0)`;

/**
 * `lockedZoneOf` for a statement that takes counts away (surveys deleted, answers erased): it also
 * waits for a zone rebuild under way, whose rows, read from the surveys as they were, would
 * otherwise keep what was taken away.
 */
export function lockedZoneForRemovalOf(workspaceId: SQL | string): SQL {
  return sql`(select ${lockedZoneOf(workspaceId)} from (select pg_advisory_xact_lock_shared(${rebuildLockKey(workspaceId)})) as waited_for_rebuild)`;
}

/** An instant's local day in a zone. */
const localDay = (instant: SQL, zone: SQL): SQL => sql`((${instant}) at time zone ${zone})::date`;

interface SentSurvey {
  templateId: string;
  workspaceId: string;
  sentAt: Date;
}

/** Surveys per workspace, template and sending instant (a bulk send shares one instant). */
function countByInstant(
  rows: readonly SentSurvey[],
): Map<string, { templateId: string; sentAt: string; count: number }[]> {
  const byWorkspace = new Map<string, Map<string, { templateId: string; sentAt: string; count: number }>>();
  for (const row of rows) {
    const sentAt = row.sentAt.toISOString();
    const counts = byWorkspace.get(row.workspaceId) ?? new Map();
    const key = `${row.templateId}\u0000${sentAt}`;
    const entry = counts.get(key) ?? { templateId: row.templateId, sentAt, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
    byWorkspace.set(row.workspaceId, counts);
  }
  return new Map([...byWorkspace].map(([workspaceId, counts]) => [workspaceId, [...counts.values()]]));
}

/** The counted instants as a `values` list: (template_id, sent_at, count). */
function instantsOf(entries: { templateId: string; sentAt: string; count: number }[]): SQL {
  return sql.join(
    entries.map(
      (entry) => sql`(${entry.templateId}::uuid, ${entry.sentAt}::timestamptz, ${entry.count}::int)`,
    ),
    sql`, `,
  );
}

/** Adds sent surveys to their sending days. */
export async function addDailySent(db: Executor, sent: readonly SentSurvey[]): Promise<void> {
  for (const [workspaceId, entries] of countByInstant(sent)) {
    await db.execute(sql`
      with zone as (select ${lockedZoneOf(workspaceId)} as name)
      insert into ${responseDailyStats} (template_id, workspace_id, day, sent_count)
      select sent.template_id, ${workspaceId}::uuid, ${localDay(sql`sent.sent_at`, sql`zone.name`)}, sum(sent.count)::int
      from (values ${instantsOf(entries)}) as sent(template_id, sent_at, count) cross join zone
      group by 1, 3 order by 1, 3
      on conflict (template_id, day) do update
      set sent_count = ${responseDailyStats}.sent_count + excluded.sent_count`);
  }
}

/** Takes surveys deleted unanswered out of their sending days. */
export async function removeDailySent(db: Executor, removed: readonly SentSurvey[]): Promise<void> {
  for (const [workspaceId, entries] of countByInstant(removed)) {
    await db.execute(sql`
      with zone as (select ${lockedZoneForRemovalOf(workspaceId)} as name),
      removed as (
        select sent.template_id, ${localDay(sql`sent.sent_at`, sql`zone.name`)} as day, sum(sent.count)::int as count
        from (values ${instantsOf(entries)}) as sent(template_id, sent_at, count) cross join zone
        group by 1, 2
      )
      update ${responseDailyStats} d set sent_count = greatest(d.sent_count - removed.count, 0)
      from removed where d.template_id = removed.template_id and d.day = removed.day`);
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
  const promoter = npsAnswer !== null && npsAnswer >= 9 ? 1 : 0;
  const passive = npsAnswer !== null && npsAnswer >= 7 && npsAnswer < 9 ? 1 : 0;
  const detractor = npsAnswer !== null && npsAnswer < 7 ? 1 : 0;
  const compositeCount = compositePercentage === null ? 0 : 1;
  const completedAt = sql`${completion.completedAt.toISOString()}::timestamptz`;
  const sentAt = sql`${completion.sentAt.toISOString()}::timestamptz`;
  const add = (column: string) => sql.raw(`${column} = response_daily_stats.${column} + excluded.${column}`);
  // Both days in one statement, merged when they are the same day, written in key order.
  await db.execute(sql`
    with zone as (select ${lockedZoneOf(workspaceId)} as name),
    counted (day, responded, completed, promoters, passives, detractors, composite_count, composite_sum, composite_sum_of_squares) as (
      select ${localDay(completedAt, sql`zone.name`)}, 0, 1, ${promoter}::int, ${passive}::int, ${detractor}::int,
        ${compositeCount}::int, ${composite}::float8, ${composite * composite}::float8 from zone
      union all
      select ${localDay(sentAt, sql`zone.name`)}, 1, 0, 0, 0, 0, 0, 0::float8, 0::float8 from zone
    )
    insert into ${responseDailyStats} (template_id, workspace_id, day, responded_count, completed_count,
      promoters, passives, detractors, composite_count, composite_sum, composite_sum_of_squares)
    select ${templateId}::uuid, ${workspaceId}::uuid, day, sum(responded)::int, sum(completed)::int, sum(promoters)::int,
      sum(passives)::int, sum(detractors)::int, sum(composite_count)::int, sum(composite_sum), sum(composite_sum_of_squares)
    from counted group by day order by day
    on conflict (template_id, day) do update set
      ${add('responded_count')}, ${add('completed_count')}, ${add('promoters')}, ${add('passives')},
      ${add('detractors')}, ${add('composite_count')}, ${add('composite_sum')}, ${add('composite_sum_of_squares')}`);
}

/** How many surveys the workspace's daily rows count as sent (what a rebuild reads). */
export async function countDailySent(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await rowsOf<{ sent: number }>(
    db,
    sql`select coalesce(sum(sent_count), 0)::int as sent from ${responseDailyStats} where workspace_id = ${workspaceId}::uuid`,
  );
  return row?.sent ?? 0;
}

/** The zone a workspace's daily rows are cut at ('UTC' without a row). */
export async function findDailyZone(db: Executor, workspaceId: string): Promise<string> {
  const rows = await db
    .select({ timeZone: zones.timeZone })
    .from(zones)
    .where(sql`${zones.workspaceId} = ${workspaceId}`);
  return rows[0]?.timeZone ?? 'UTC';
}

/** Locks the workspace's zone row for update, making it first when it is missing: writers wait. */
async function lockZoneRow(db: Executor, workspaceId: string): Promise<void> {
  await db.insert(zones).values({ workspaceId }).onConflictDoNothing();
  await db
    .select({ timeZone: zones.timeZone })
    .from(zones)
    .where(sql`${zones.workspaceId} = ${workspaceId}`)
    .for('update');
}

/** Whether PostgreSQL knows the zone by this name. */
export async function isKnownZone(db: Executor, timeZone: string): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 from pg_timezone_names where name = ${timeZone}`)).length > 0;
}

/**
 * What each survey adds to the daily rows with days in `timeZone`, for the events on one side of
 * `cutoff`: its sending (sent, on the sending day) before or since, its completion (responded on
 * the sending day; completed, NPS and composite on the completion day) before or since. Each event
 * is counted on exactly one side, whenever it is read.
 */
function dailyContributions(
  workspaceId: string,
  timeZone: string,
  side: 'before' | 'since',
  cutoff: SQL,
): SQL {
  const sentOnSide = side === 'before' ? sql`s.sent_at < ${cutoff}` : sql`s.sent_at >= ${cutoff}`;
  const completedOnSide =
    side === 'before'
      ? sql`(s.completed_at is null or s.completed_at < ${cutoff})`
      : sql`s.completed_at >= ${cutoff}`;
  return sql`
    select s.template_id, (s.sent_at at time zone ${timeZone})::date as day, 1 as sent, 0 as responded,
      0 as completed, 0 as promoter, 0 as passive, 0 as detractor, 0 as composite_count,
      null::double precision as composite
    from surveys s where s.workspace_id = ${workspaceId}::uuid and ${sentOnSide}
    union all
    select s.template_id, (s.sent_at at time zone ${timeZone})::date, 0, 1, 0, 0, 0, 0, 0, null
    from surveys s where s.workspace_id = ${workspaceId}::uuid and s.state = 'COMPLETE' and ${completedOnSide}
    union all
    select s.template_id, (s.completed_at at time zone ${timeZone})::date, 0, 0, 1,
      coalesce((n.answer >= 9)::int, 0), coalesce((n.answer >= 7 and n.answer < 9)::int, 0),
      coalesce((n.answer < 7)::int, 0), (s.composite_percentage is not null)::int, s.composite_percentage
    from surveys s
    join template_versions v on v.id = s.template_version_id
    left join lateral (
      select (s.responses ->> (q.value ->> 'id'))::double precision as answer
      from jsonb_array_elements(case when jsonb_typeof(v.definition -> 'questions') = 'array'
        then v.definition -> 'questions' else '[]'::jsonb end) with ordinality as q(value, position)
      where q.value ->> 'type' = 'NetPromoterScore'
        and jsonb_typeof(s.responses -> (q.value ->> 'id')) = 'number'
      order by q.position
      limit 1
    ) n on true
    where s.workspace_id = ${workspaceId}::uuid and s.state = 'COMPLETE' and s.completed_at is not null
      and ${completedOnSide}`;
}

/**
 * The workspace's daily rows again from its surveys, with days in `timeZone` (the statement of
 * migration 0020's backfill for one workspace and one zone), and the zone recorded; in the
 * caller's transaction. Sends and completions go on meanwhile: the long part (every event older
 * than five minutes, read into a temporary table) holds no lock writers wait for. Only then is
 * the zone row locked, so writes under way finish and later ones wait; the rows are replaced by
 * the table and the events of the last five minutes, read now. Removals, whose counts the table
 * may still hold, wait for the whole rebuild (`lockedZoneForRemovalOf`). Answers false when the
 * rows were already in `timeZone` (another rebuild did it first).
 */
export async function rebuildDailyStats(
  db: Executor,
  workspaceId: string,
  timeZone: string,
): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(${rebuildLockKey(workspaceId)})`);
  if ((await findDailyZone(db, workspaceId)) === timeZone) return false;
  // now() is the transaction's start in each of its statements: one cutoff for both reads.
  const cutoff = sql`(now() - interval '5 minutes')`;
  await db.execute(sql`drop table if exists daily_rebuild_rows`);
  await db.execute(sql`create temporary table daily_rebuild_rows on commit drop as
    select template_id, day, sum(sent)::int as sent, sum(responded)::int as responded,
      sum(completed)::int as completed, sum(promoter)::int as promoter, sum(passive)::int as passive,
      sum(detractor)::int as detractor, sum(composite_count)::int as composite_count,
      sum(composite) as composite, sum(composite * composite) as composite_squared
    from (${dailyContributions(workspaceId, timeZone, 'before', cutoff)}) counted
    group by template_id, day`);
  await lockZoneRow(db, workspaceId);
  await db.execute(sql`delete from ${responseDailyStats} where workspace_id = ${workspaceId}::uuid`);
  await db.execute(sql`
    insert into ${responseDailyStats} (template_id, day, workspace_id, sent_count, responded_count,
      completed_count, promoters, passives, detractors, composite_count, composite_sum, composite_sum_of_squares)
    select template_id, day, ${workspaceId}::uuid, sum(sent)::int, sum(responded)::int, sum(completed)::int,
      sum(promoter)::int, sum(passive)::int, sum(detractor)::int, sum(composite_count)::int,
      coalesce(sum(composite), 0), coalesce(sum(composite_squared), 0)
    from (
      select template_id, day, sent, responded, completed, promoter, passive, detractor, composite_count,
        composite, composite_squared
      from daily_rebuild_rows
      union all
      select template_id, day, sent, responded, completed, promoter, passive, detractor, composite_count,
        composite, composite * composite
      from (${dailyContributions(workspaceId, timeZone, 'since', cutoff)}) recent
    ) counted
    group by template_id, day
    order by template_id, day`);
  await db.update(zones).set({ timeZone }).where(sql`${zones.workspaceId} = ${workspaceId}`);
  return true;
}
