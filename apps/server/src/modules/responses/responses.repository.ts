import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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
  page: { limit: number; offset: number; reverse: boolean },
) {
  const order = page.reverse
    ? [sql`${surveys.sentAt} asc`, sql`${surveys.id} asc`]
    : [sql`${surveys.sentAt} desc`, sql`${surveys.id} desc`];
  const ids = db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select(rowColumns)
    .from(surveys)
    .leftJoin(publicLinks, eq(publicLinks.id, surveys.sourceLinkId))
    .where(inArray(surveys.id, ids))
    .orderBy(desc(surveys.sentAt), desc(surveys.id));
  return rows;
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
  part: 'counts' | 'answered' | 'scores' | 'values' | 'whole' | 'weeks';
  question_id: string | null;
  value: string | null;
  answer: unknown;
  n: number;
  completed: number;
  composite_count: number;
  total: number;
}

const answeredSql = sql.raw(`(case jsonb_typeof(answer.value)
      when 'string' then btrim(answer.value #>> '{}') <> ''
      when 'array' then jsonb_array_length(answer.value) > 0
      when 'number' then true
      when 'boolean' then answer.value = 'true'::jsonb
      when 'object' then answer.value <> '{}'::jsonb
      else false end)`);

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Every figure of a filtered summary in one statement (decision 034): the filter is evaluated
 * once, into `matched` (only the columns the figures read), and each figure groups those rows:
 * `counts` (all states: n sent; completed, composite count and sum), per question `answered` and
 * `scores` (n, score sum in `total`), `values` (each counted answer value of `countedIds`),
 * `whole` (each distinct whole answer of `wholeIds`) and `weeks` (completion week, n, score sum).
 */
export async function summarizeSet(
  db: Executor,
  conditions: SQL[],
  ids: { countedIds: readonly string[]; wholeIds: readonly string[] },
): Promise<SummaryPartRow[]> {
  const parts: SQL[] = [
    sql`select 'counts' as part, null::text as question_id, null::text as value, null::jsonb as answer,
        count(*)::int as n, (count(*) filter (where state = 'COMPLETE'))::int as completed,
        (count(composite_percentage) filter (where state = 'COMPLETE'))::int as composite_count,
        coalesce(sum(composite_percentage) filter (where state = 'COMPLETE'), 0)::float8 as total
      from matched`,
    sql`select 'answered', answer.key, null, null, count(*)::int, 0, 0, 0
      from done cross join lateral jsonb_each(done.responses) as answer
      where ${answeredSql} group by answer.key`,
    sql`select 'scores', score ->> 'questionId', null, null, count(*)::int, 0, 0,
        sum((score ->> 'percentage')::float8)::float8
      from done cross join lateral jsonb_array_elements(coalesce(done.question_scores, '[]'::jsonb)) as score
      group by score ->> 'questionId'`,
    sql`select 'weeks', to_char(date_trunc('week', completed_at at time zone 'UTC'), 'YYYY-MM-DD'), null, null,
        count(*)::int, 0, 0, sum(composite_percentage)::float8
      from done where composite_percentage is not null group by 2`,
  ];
  if (ids.countedIds.length > 0) {
    parts.push(sql`select 'values', answer.key, item.value, null, count(*)::int, 0, 0, 0
      from done cross join lateral jsonb_each(done.responses) as answer
        cross join lateral jsonb_array_elements_text(case when jsonb_typeof(answer.value) = 'array'
          then answer.value else jsonb_build_array(answer.value) end) as item(value)
      where answer.key in (${idList(ids.countedIds)}) group by answer.key, item.value`);
  }
  if (ids.wholeIds.length > 0) {
    parts.push(sql`select 'whole', answer.key, null, answer.value, count(*)::int, 0, 0, 0
      from done cross join lateral jsonb_each(done.responses) as answer
      where answer.key in (${idList(ids.wholeIds)}) group by answer.key, answer.value`);
  }
  const query = sql`with matched as materialized (
      select ${surveys.state} as state, ${surveys.completedAt} as completed_at,
        ${surveys.compositePercentage} as composite_percentage, ${surveys.questionScores} as question_scores,
        ${surveys.responses} as responses
      from ${surveys} where ${and(...conditions)}
    ), done as not materialized (select * from matched where state = 'COMPLETE')
    ${sql.join(parts, sql` union all `)}`;
  const result = (await db.execute(query)) as unknown as { rows: SummaryPartRow[] };
  return result.rows;
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
