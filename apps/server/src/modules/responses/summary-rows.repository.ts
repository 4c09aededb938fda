import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import { answeredSql, type SummaryPartRow } from './responses.repository.js';

// The narrow per-survey rows a filtered summary reads (docs/decisions/046-narrow-answer-table.md).
// The statements that write them are the migration 0032's backfill with a scope: the backfill is
// these statements over every survey, and a test holds the two to the same rows.

/** The text question types, whose answers the rows keep only as "answered". */
const textTypesSql = sql.raw(`('ShortTextEntry', 'LongTextEntry')`);

/** The version's questions that have no number yet in the template. */
function unnumberedQuestions(versionId: string): SQL {
  return sql`select v.template_id, d.value ->> 'id' as question_id, min(v.version_number) as first_version,
      min(d.position) as first_position
    from template_versions v
    cross join lateral jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb))
      with ordinality as d(value, position)
    where v.id = ${versionId}
      and not exists (select 1 from summary_question_numbers n
        where n.template_id = v.template_id and n.question_id = d.value ->> 'id')
    group by 1, 2`;
}

/**
 * Numbers the version's new questions after the template's last number. Two completions of a
 * new version at once would give two questions the same number: the template's advisory lock is
 * taken first, and the numbers read after it, so the second waits for the first's commit and
 * numbers after it. A version whose questions are all numbered (nearly every completion) costs
 * one read.
 */
async function numberQuestions(db: Executor, versionId: string): Promise<void> {
  const [missing] = await rowsOf<{ template_id: string }>(
    db,
    sql`select template_id from (${unnumberedQuestions(versionId)}) q limit 1`,
  );
  const templateId = missing?.template_id;
  if (!templateId) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${templateId}::text, 46))`);
  await db.execute(sql`insert into summary_question_numbers (template_id, question_id, number)
    select q.template_id, q.question_id,
      coalesce((select max(n.number) from summary_question_numbers n where n.template_id = q.template_id), 0)
        + row_number() over (partition by q.template_id order by q.first_version, q.first_position)
    from (${unnumberedQuestions(versionId)}) q
    on conflict do nothing`);
}

/**
 * Writes a completed survey's narrow row from the survey as stored (after its scores), in the
 * completing transaction (decision 046). The answers of the survey's version's questions as
 * stored, a text question's as `true` when answered; the scores' percentages at their numbers.
 */
export async function addSummaryRow(db: Executor, surveyId: string, versionId: string): Promise<void> {
  await numberQuestions(db, versionId);
  const answer = sql.raw(`(s.responses -> n.question_id)`);
  await db.execute(sql`insert into survey_summary_rows
      (survey_id, template_id, sent_at, completed_at, composite_percentage, scores, answers)
    select s.id, s.template_id, s.sent_at, s.completed_at, s.composite_percentage,
      (with sc as (select n.number, (e ->> 'percentage')::float8 as percentage
          from jsonb_array_elements(coalesce(s.question_scores, '[]'::jsonb)) e
          join summary_question_numbers n on n.template_id = s.template_id and n.question_id = e ->> 'questionId')
        select coalesce(array_agg((select sc.percentage from sc where sc.number = g.number limit 1) order by g.number), '{}')
        from generate_series(1, (select coalesce(max(sc.number), 0) from sc)) as g(number)),
      (select coalesce(jsonb_object_agg(n.number::text,
          case when q.value ->> 'type' in ${textTypesSql} then 'true'::jsonb else ${answer} end), '{}'::jsonb)
        from jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb)) q
        join summary_question_numbers n on n.template_id = s.template_id and n.question_id = q.value ->> 'id'
        where ${answer} is not null
          and (q.value ->> 'type' not in ${textTypesSql} or ${answeredSql(answer)}))
    from ${surveys} s
    join template_versions v on v.id = s.template_version_id
    where s.state = 'COMPLETE' and s.id = ${surveyId}
    on conflict (survey_id) do nothing`);
}

/** The template's question numbers, by question id. */
export async function findQuestionNumbers(db: Executor, templateId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ question_id: string; number: number }>(
    db,
    sql`select question_id, number from summary_question_numbers where template_id = ${templateId}`,
  );
  return new Map(rows.map((row) => [row.question_id, Number(row.number)]));
}

/**
 * The figures of a filtered summary from the narrow rows (decision 046), as `summarizeSet` gives
 * them from the surveys: the completed surveys matching `conditions` (on `survey_summary_rows`)
 * are read once into `done`; the counts, weeks and scores are taken from those, the answers from
 * `combos`, the distinct answers with their counts (surveys repeat them: 350 for 23,500 surveys
 * in the bench), each answer's count being its combinations' sum.
 * `openCount`, the matching surveys not completed (read from `surveys`), adds a second `counts`
 * row that counts only as sent.
 */
export async function summarizeSummaryRows(
  db: Executor,
  conditions: SQL[],
  openCount: SQL | undefined,
  questions: {
    questions: readonly { id: string; number: number | undefined }[];
    groupedIds: ReadonlySet<string>;
  },
): Promise<SummaryPartRow[]> {
  const parts: SQL[] = [
    sql`select 'counts' as part, null::text as question_id, null::jsonb as answer, null::text[] as items,
        null::boolean as answered, count(*)::int as n, count(*)::int as completed,
        count(composite_percentage)::int as composite_count,
        coalesce(sum(composite_percentage), 0)::float8 as total
      from done`,
    sql`select 'weeks', to_char(w.week, 'YYYY-MM-DD'), null, null, null, w.n, 0, 0, w.total
      from (select date_trunc('week', completed_at at time zone 'UTC') as week, count(*)::int as n,
          sum(composite_percentage)::float8 as total
        from done where composite_percentage is not null group by 1) as w`,
  ];
  if (openCount) {
    parts.push(sql`select 'counts', null, null, null, null, (${openCount})::int, 0, 0, 0`);
  }
  const numbered = questions.questions.filter(
    (question): question is { id: string; number: number } => question.number !== undefined,
  );
  if (numbered.length > 0) {
    const answerRows = sql.join(
      numbered.map(
        (question) =>
          sql`(${question.id}, c.answers -> ${String(question.number)}, ${sql.raw(String(questions.groupedIds.has(question.id)))})`,
      ),
      sql`, `,
    );
    const value = sql.raw('a.value');
    const grouped = sql`(case when a.is_grouped then a.value else to_jsonb(${answeredSql(value)}) end)`;
    parts.push(sql`select 'answers', g.question_id, g.answer,
        case when g.is_grouped then (select array_agg(item) from jsonb_array_elements_text(
          case when jsonb_typeof(g.answer) = 'array' then g.answer else jsonb_build_array(g.answer) end) as item) end,
        g.answered, g.n, 0, 0, 0
      from (select a.question_id, bool_or(a.is_grouped) as is_grouped, ${grouped} as answer,
          bool_or(${answeredSql(value)}) as answered, sum(c.n)::int as n
        from combos c cross join lateral (values ${answerRows}) as a(question_id, value, is_grouped)
        where a.value is not null
        group by a.question_id, ${grouped}) as g`);
    // Each question's scores counted and summed in one pass over `done`, then a row per question.
    const totals = sql.join(
      numbered.map((question, index) => {
        const score = sql.raw(`scores[${question.number}]`);
        return sql`count(${score}) as ${sql.raw(`c${index}`)}, sum(${score}) as ${sql.raw(`s${index}`)}`;
      }),
      sql`, `,
    );
    const scoreRows = sql.join(
      numbered.map((question, index) => sql`(${question.id}, ${sql.raw(`t.c${index}, t.s${index}`)})`),
      sql`, `,
    );
    parts.push(sql`select 'scores', s.question_id, null, null, null, s.n::int, 0, 0, s.total::float8
      from (select ${totals} from done) as t cross join lateral (values ${scoreRows}) as s(question_id, n, total)
      where s.n > 0`);
  }
  const query = sql`with done as materialized (
      select completed_at, composite_percentage, scores, answers
      from survey_summary_rows where ${sql.join(conditions, sql` and `)}
    ), combos as materialized (select answers, count(*)::int as n from done group by answers)
    ${sql.join(parts, sql` union all `)}`;
  return rowsOf<SummaryPartRow>(db, query);
}
