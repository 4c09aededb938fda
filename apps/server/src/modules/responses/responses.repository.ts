import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { publicLinks, surveys, templates } from '../../db/schema/index.js';

// Queries of the responses analysis (decision 007). The conditions come from response-filters.ts.

const rowColumns = {
  id: surveys.id,
  templateVersionId: surveys.templateVersionId,
  state: surveys.state,
  sentAt: surveys.sentAt,
  createdAt: surveys.createdAt,
  lastOpenedAt: surveys.lastOpenedAt,
  completedAt: surveys.completedAt,
  updatedAt: surveys.updatedAt,
  contactMethods: surveys.contactMethods,
  sourceLinkId: surveys.sourceLinkId,
  /** The public link's name as it is now (docs/decisions/024-public-links.md). */
  sourceName: publicLinks.name,
  compositePercentage: surveys.compositePercentage,
  questionScores: surveys.questionScores,
  scoredQuestionCount: surveys.scoredQuestionCount,
  /** Only needed to score surveys that are not complete yet (their scores are not stored). */
  openResponses: sql<Record<
    string,
    unknown
  > | null>`case when ${surveys.state} <> 'COMPLETE' then ${surveys.responses} end`,
};

export type ResponseRow = Awaited<ReturnType<typeof findResponsePage>>[number];

/**
 * One page, newest sent first (ties by id). The page's ids are found on the index alone
 * (template, sent_at desc, id desc), then read: an offset deep into the list skips index
 * entries, not rows. With `reverse`, the same page is read from the other end (the last pages
 * of a long list), then put back in order.
 */
export async function findResponsePage(
  db: Executor,
  conditions: SQL[],
  page: { limit: number; offset: number; reverse: boolean; hits?: SQL | undefined },
) {
  const order = page.reverse
    ? [sql`${surveys.sentAt} asc`, sql`${surveys.id} asc`]
    : [sql`${surveys.sentAt} desc`, sql`${surveys.id} desc`];
  // With `hits` (a query of the few survey ids a filter can match, decision 034), those are read
  // first: walking the index in list order would pass every other survey of the template.
  const pageIds = page.hits
    ? sql`${surveys.id} in (with hits as materialized (${page.hits})
        select ${surveys.id} from ${surveys} where ${surveys.id} in (select survey_id from hits) and ${and(...conditions)}
        order by ${sql.join(order, sql`, `)} limit ${page.limit} offset ${page.offset})`
    : inArray(
        surveys.id,
        db
          .select({ id: surveys.id })
          .from(surveys)
          .where(and(...conditions))
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
      );
  const rows = await db
    .select(rowColumns)
    .from(surveys)
    .leftJoin(publicLinks, eq(publicLinks.id, surveys.sourceLinkId))
    .where(pageIds)
    .orderBy(desc(surveys.sentAt), desc(surveys.id));
  return rows;
}

/**
 * Rows after the cursor (the previous page's last `sent_at` as PostgreSQL's text, and id), newest
 * sent first: the /api/v1 list's keyset page, as cheap deep into a list as on its first page.
 */
export async function findResponsesAfter(
  db: Executor,
  conditions: SQL[],
  after: { sentAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({ ...rowColumns, cursorSentAt: sql<string>`${surveys.sentAt}::text` })
    .from(surveys)
    .leftJoin(publicLinks, eq(publicLinks.id, surveys.sourceLinkId))
    .where(
      and(
        ...conditions,
        after
          ? sql`(${surveys.sentAt}, ${surveys.id}) < (${after.sentAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(surveys.sentAt), desc(surveys.id))
    .limit(limit);
}

export async function countResponses(db: Executor, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(surveys)
    .where(and(...conditions));
  return Number(row?.count ?? 0);
}

// ---- the summary of a filtered set, computed in SQL ----

/** One row of `summarizeSet`: `part` says which figure it carries (see there). */
export interface SummaryPartRow {
  part: 'counts' | 'answers' | 'scores' | 'weeks';
  question_id: string | null;
  /** `answers`: the grouped answer (null for a question whose answers are only counted). */
  answer: unknown;
  /** `answers`: the answer's values as text, as `jsonb_array_elements_text` gives them. */
  items: (string | null)[] | null;
  answered: boolean | null;
  n: number;
  completed: number;
  composite_count: number;
  total: number;
}

/** Whether an answer (jsonb `value`) counts as answered: the rule of the aggregates. */
export function answeredSql(value: SQL): SQL {
  return sql`(case jsonb_typeof(${value})
      when 'string' then btrim(${value} #>> '{}') <> ''
      when 'array' then jsonb_array_length(${value}) > 0
      when 'number' then true
      when 'boolean' then ${value} = 'true'::jsonb
      when 'object' then ${value} <> '{}'::jsonb
      else false end)`;
}

/**
 * Every figure of a filtered summary in one statement (decision 034). The filter is evaluated
 * once, into `matched` (only the columns the figures read); each figure groups those rows:
 * `counts` (all states: n sent; completed, composite count and sum), `answers` (per question and
 * answer, for `groupedIds` the answer itself with its values as text, for the other questions
 * only whether it is answered), `scores` (per question: n and the percentages' sum) and `weeks`
 * (completion week: n and the composites' sum). Each survey's answers and scores are read by a
 * row of `values` per question (a set-returning function per survey cost four times as much).
 */
export async function summarizeSet(
  db: Executor,
  conditions: SQL[],
  questions: { questionIds: readonly string[]; groupedIds: ReadonlySet<string> },
): Promise<SummaryPartRow[]> {
  const parts: SQL[] = [
    sql`select 'counts' as part, null::text as question_id, null::jsonb as answer, null::text[] as items,
        null::boolean as answered, count(*)::int as n, (count(*) filter (where state = 'COMPLETE'))::int as completed,
        (count(composite_percentage) filter (where state = 'COMPLETE'))::int as composite_count,
        coalesce(sum(composite_percentage) filter (where state = 'COMPLETE'), 0)::float8 as total
      from matched`,
    sql`select 'weeks', to_char(date_trunc('week', completed_at at time zone 'UTC'), 'YYYY-MM-DD'), null, null, null,
        count(*)::int, 0, 0, sum(composite_percentage)::float8
      from done where composite_percentage is not null group by 2`,
  ];
  if (questions.questionIds.length > 0) {
    const answerRows = sql.join(
      questions.questionIds.map(
        (id) => sql`(${id}, done.responses -> ${id}, ${sql.raw(String(questions.groupedIds.has(id)))})`,
      ),
      sql`, `,
    );
    // The answer for the grouped questions, else whether it is answered.
    const value = sql.raw('a.value');
    const grouped = sql`(case when a.is_grouped then a.value else to_jsonb(${answeredSql(value)}) end)`;
    parts.push(sql`select 'answers', g.question_id, g.answer,
        case when g.is_grouped then (select array_agg(item) from jsonb_array_elements_text(
          case when jsonb_typeof(g.answer) = 'array' then g.answer else jsonb_build_array(g.answer) end) as item) end,
        g.answered, g.n, 0, 0, 0
      from (select a.question_id, bool_or(a.is_grouped) as is_grouped, ${grouped} as answer,
          bool_or(${answeredSql(value)}) as answered, count(*)::int as n
        from done cross join lateral (values ${answerRows}) as a(question_id, value, is_grouped)
        where a.value is not null
        group by a.question_id, ${grouped}) as g`);
    const scoreRows = sql.join(
      questions.questionIds.map((_, index) => sql`(done.question_scores -> ${sql.raw(String(index))})`),
      sql`, `,
    );
    parts.push(sql`select 'scores', s.score ->> 'questionId', null, null, null, count(*)::int, 0, 0,
        sum((s.score ->> 'percentage')::float8)::float8
      from done cross join lateral (values ${scoreRows}) as s(score)
      where s.score is not null group by s.score ->> 'questionId'`);
  }
  const query = sql`with matched as materialized (
      select ${surveys.state} as state, ${surveys.completedAt} as completed_at,
        ${surveys.compositePercentage} as composite_percentage, ${surveys.questionScores} as question_scores,
        ${surveys.responses} as responses
      from ${surveys} where ${and(...conditions)}
    ), done as not materialized (select * from matched where state = 'COMPLETE')
    ${sql.join(parts, sql` union all `)}`;
  return rowsOf<SummaryPartRow>(db, query);
}

// ---- one survey ----

export async function findWorkspaceSurveyWithTemplate(db: Executor, workspaceId: string, surveyId: string) {
  const [row] = await db
    .select({ survey: surveys, templateName: templates.name })
    .from(surveys)
    .innerJoin(templates, eq(templates.id, surveys.templateId))
    .where(and(eq(surveys.id, surveyId), eq(surveys.workspaceId, workspaceId)));
  return row;
}

// ---- export ----

/**
 * One batch of the export, in list order, after the cursor (the previous batch's last row):
 * keyset paging keeps each batch as cheap as the first. The cursor's time is PostgreSQL's own
 * text, so no precision is lost on the way through JavaScript.
 */
export async function findExportBatch(
  db: Executor,
  conditions: SQL[],
  after: { sentAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: surveys.id,
      templateVersionId: surveys.templateVersionId,
      state: surveys.state,
      cursorSentAt: sql<string>`${surveys.sentAt}::text`,
      sentAt: surveys.sentAt,
      lastOpenedAt: surveys.lastOpenedAt,
      completedAt: surveys.completedAt,
      contactMethods: surveys.contactMethods,
      properties: surveys.properties,
      responses: surveys.responses,
      compositePercentage: surveys.compositePercentage,
      sourceName: publicLinks.name,
    })
    .from(surveys)
    .leftJoin(publicLinks, eq(publicLinks.id, surveys.sourceLinkId))
    .where(
      and(
        ...conditions,
        after
          ? sql`(${surveys.sentAt}, ${surveys.id}) < (${after.sentAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(surveys.sentAt), desc(surveys.id))
    .limit(limit);
}

/** One survey's truth of each condition (false for null), in order; empty when the survey is not there. */
export async function findSurveyConditionTruths(
  db: Executor,
  surveyId: string,
  conditions: SQL[],
): Promise<boolean[]> {
  if (conditions.length === 0) return [];
  const columns = Object.fromEntries(
    conditions.map((condition, index) => [`c${index}`, sql<boolean>`coalesce((${condition}), false)`]),
  );
  const [row] = await db.select(columns).from(surveys).where(sql`${surveys.id} = ${surveyId}`);
  return row ? conditions.map((_, index) => row[`c${index}`] === true) : [];
}
