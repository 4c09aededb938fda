import { and, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';

// The segment table's queries (docs/decisions/029-segments.md): completed surveys of the set,
// grouped by a key computed from one property, with the running sums each segment's figures
// and margins come from. One pass over the matching surveys.

export interface SegmentSums {
  /** The group's key as text; null for surveys without a value (and for "Other"). */
  key: string | null;
  /** A value of the group as stored (text properties group case-insensitively). */
  value: string | null;
  isOther: boolean;
  count: number;
  compositeCount: number;
  compositeSum: number;
  compositeSquares: number;
  promoters: number;
  passives: number;
  detractors: number;
}

function npsAnswer(questionId: string | null): SQL {
  if (!questionId) return sql`null::numeric`;
  return sql`(case when jsonb_typeof(${surveys.responses} -> ${questionId}) = 'number' then (${surveys.responses} ->> ${questionId})::numeric end)`;
}

/**
 * The sums per key. With `top`, only the `top` most frequent keys are their own rows; the rest
 * are summed into one row with `isOther` (surveys without a value stay their own row).
 */
export async function sumSegments(
  db: Executor,
  conditions: SQL[],
  segment: { key: SQL; value: SQL; npsQuestionId: string | null; top?: number },
): Promise<SegmentSums[]> {
  const nps = npsAnswer(segment.npsQuestionId);
  const composite = surveys.compositePercentage;
  const grouped = sql`select key, min(value) as value, count(*) as n,
      count(cp) as cc, coalesce(sum(cp), 0) as cs, coalesce(sum(cp * cp), 0) as css,
      count(*) filter (where nps >= 9) as pro, count(*) filter (where nps >= 7 and nps < 9) as pas,
      count(*) filter (where nps < 7) as det
    from (select ${composite} as cp, (${segment.key})::text as key, (${segment.value})::text as value, ${nps} as nps
          from ${surveys} where ${and(...conditions, sql`${surveys.state} = 'COMPLETE'`)}) as completed
    group by key`;
  const top = segment.top ?? null;
  const query =
    top === null
      ? sql`select key, value, false as is_other, n, cc, cs, css, pro, pas, det from (${grouped}) as g`
      : sql`with g as (${grouped}),
          ranked as (select g.*, case when key is null then 0
            else row_number() over (partition by key is null order by n desc, key collate "C") end as rank from g)
          select case when rank <= ${top} then key end as key, case when rank <= ${top} then value end as value,
            rank > ${top} as is_other, sum(n) as n, sum(cc) as cc, sum(cs) as cs, sum(css) as css,
            sum(pro) as pro, sum(pas) as pas, sum(det) as det
          from ranked group by 1, 2, 3`;
  const rows = await rowsOf<Record<string, unknown>>(db, query);
  return rows.map((row) => ({
    key: row.key === null ? null : String(row.key),
    value: row.value === null ? null : String(row.value),
    isOther: row.is_other === true,
    count: Number(row.n),
    compositeCount: Number(row.cc),
    compositeSum: Number(row.cs),
    compositeSquares: Number(row.css),
    promoters: Number(row.pro),
    passives: Number(row.pas),
    detractors: Number(row.det),
  }));
}
