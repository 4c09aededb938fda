import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

// Taking surveys back out of the aggregates of decision 007 (docs/decisions/043-erasure-and-access-requests.md):
// one statement per table subtracts the summed deltas from the rows they name, locking them in key
// order as the completing upserts do, and a second deletes the rows nothing counts in any more, so
// the tables are those of an installation that never had the surveys. A running sum whose count
// reaches zero becomes exactly zero rather than a floating-point remainder.

export interface AggregateTable {
  name: string;
  /** The key columns and their SQL types, in the primary key's order. */
  keys: readonly (readonly [column: string, type: string])[];
  /** Counts: integers subtracted, never below zero. */
  counts: readonly string[];
  /** Running sums and the count that says how many values they hold. */
  sums: readonly (readonly [column: string, count: string])[];
}

export const aggregateTables = {
  template: {
    name: 'response_template_stats',
    keys: [['template_id', 'uuid']],
    counts: ['sent_count', 'completed_count', 'composite_count'],
    sums: [['composite_sum', 'composite_count']],
  },
  question: {
    name: 'response_question_stats',
    keys: [
      ['template_id', 'uuid'],
      ['question_id', 'text'],
    ],
    counts: ['response_count', 'scored_count'],
    sums: [['percentage_sum', 'scored_count']],
  },
  answer: {
    name: 'response_answer_stats',
    keys: [
      ['template_id', 'uuid'],
      ['question_id', 'text'],
      ['answer_value', 'text'],
    ],
    counts: ['count'],
    sums: [],
  },
  weekly: {
    name: 'response_weekly_stats',
    keys: [
      ['template_id', 'uuid'],
      ['week_start', 'date'],
    ],
    counts: ['count'],
    sums: [['percentage_sum', 'count']],
  },
  benchmark: {
    name: 'response_benchmark_stats',
    keys: [
      ['base_template_id', 'uuid'],
      ['question_id', 'text'],
      ['workspace_id', 'uuid'],
    ],
    counts: ['count'],
    sums: [['percentage_sum', 'count']],
  },
  segment: {
    name: 'response_segment_stats',
    keys: [
      ['template_id', 'uuid'],
      ['property_id', 'text'],
      ['value_key', 'text'],
      ['question_id', 'text'],
    ],
    counts: ['count', 'composite_count', 'promoters', 'passives', 'detractors'],
    sums: [
      ['composite_sum', 'composite_count'],
      ['composite_squares', 'composite_count'],
    ],
  },
  daily: {
    name: 'response_daily_stats',
    keys: [
      ['template_id', 'uuid'],
      ['day', 'date'],
    ],
    counts: [
      'sent_count',
      'responded_count',
      'completed_count',
      'promoters',
      'passives',
      'detractors',
      'composite_count',
    ],
    sums: [
      ['composite_sum', 'composite_count'],
      ['composite_sum_of_squares', 'composite_count'],
    ],
  },
} as const satisfies Record<string, AggregateTable>;

/** Deltas keyed by their table's key, summed as they are added. */
export class AggregateDeltas {
  readonly rows = new Map<string, Record<string, string | number>>();

  constructor(readonly table: AggregateTable) {}

  add(row: Record<string, string | number>): void {
    const key = this.table.keys.map(([column]) => String(row[column])).join('\u0000');
    const existing = this.rows.get(key);
    if (!existing) {
      const fresh: Record<string, string | number> = {};
      for (const [column] of this.table.keys) fresh[column] = row[column]!;
      for (const column of this.valueColumns()) fresh[column] = Number(row[column] ?? 0);
      this.rows.set(key, fresh);
      return;
    }
    for (const column of this.valueColumns())
      existing[column] = Number(existing[column]) + Number(row[column] ?? 0);
  }

  valueColumns(): string[] {
    return [...this.table.counts, ...this.table.sums.map(([column]) => column)];
  }
}

const raw = (text: string) => sql.raw(text);

/** The deltas as a relation `d` with the table's column names. */
function deltasRelation(deltas: AggregateDeltas): SQL {
  const { table } = deltas;
  const columns = [
    ...table.keys.map(([column, type]) => `${column} ${type}`),
    ...table.counts.map((column) => `${column} integer`),
    ...table.sums.map(([column]) => `${column} double precision`),
  ].join(', ');
  return sql`(select * from jsonb_to_recordset(${JSON.stringify([...deltas.rows.values()])}::jsonb) as r(${raw(columns)}))`;
}

/** Subtracts deltas given as rows of `relation` (named as the table's columns) from `table`. */
export async function subtractAggregateRelation(
  db: Executor,
  table: AggregateTable,
  relation: SQL,
): Promise<void> {
  const keyList = table.keys.map(([column]) => `t.${column}`).join(', ');
  const joined = table.keys.map(([column]) => `t.${column} = d.${column}`).join(' and ');
  const set = [
    ...table.counts.map((column) => `${column} = greatest(t.${column} - d.${column}, 0)`),
    ...table.sums.map(
      ([column, count]) =>
        `${column} = case when t.${count} - d.${count} <= 0 then 0 else t.${column} - d.${column} end`,
    ),
  ].join(', ');
  const isEmpty = table.counts.map((column) => `t.${column} <= 0`).join(' and ');
  // One statement: the rows locked first, in key order (a materialised CTE, evaluated whole before
  // the update), so a completion's upserts (also in key order) cannot deadlock with it.
  const updated = (await db.execute(sql`
    with d as ${relation},
    locked as materialized (
      select ${raw(keyList)} from ${raw(table.name)} t join d on ${raw(joined)}
      order by ${raw(keyList)} for update of t
    )
    update ${raw(table.name)} t set ${raw(set)}
    from d join locked l on ${raw(table.keys.map(([column]) => `l.${column} = d.${column}`).join(' and '))}
    where ${raw(joined)}
    returning ${raw(table.counts.map((column) => `t.${column} <= 0`).join(' and '))} as is_empty`)) as unknown as {
    rows: { is_empty: boolean }[];
  };
  if (!updated.rows.some((row) => row.is_empty)) return;
  await db.execute(sql`
    with d as ${relation}
    delete from ${raw(table.name)} t using d where ${raw(joined)} and ${raw(isEmpty)}`);
}

/** Subtracts the summed deltas from their table; rows left counting nothing are deleted. */
export async function subtractAggregates(db: Executor, deltas: AggregateDeltas): Promise<void> {
  if (deltas.rows.size === 0) return;
  await subtractAggregateRelation(db, deltas.table, deltasRelation(deltas));
}
