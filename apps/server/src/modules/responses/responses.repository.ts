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

export async function summarizeCounts(db: Executor, conditions: SQL[]) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${surveys.state} = 'COMPLETE'))::int`,
      compositeCount: sql<number>`(count(${surveys.compositePercentage}) filter (where ${surveys.state} = 'COMPLETE'))::int`,
      compositeSum: sql<number>`coalesce(sum(${surveys.compositePercentage}) filter (where ${surveys.state} = 'COMPLETE'), 0)::float8`,
    })
    .from(surveys)
    .where(and(...conditions));
  return {
    sent: Number(row?.sent ?? 0),
    completed: Number(row?.completed ?? 0),
    compositeCount: Number(row?.compositeCount ?? 0),
    compositeSum: Number(row?.compositeSum ?? 0),
  };
}

/** Completed surveys of the set: each question's answered count and its scores' sum. */
export async function summarizeQuestions(db: Executor, conditions: SQL[]) {
  const completed = and(...conditions, eq(surveys.state, 'COMPLETE'));
  const answered = sql`(case jsonb_typeof(answer.value)
      when 'string' then btrim(answer.value #>> '{}') <> ''
      when 'array' then jsonb_array_length(answer.value) > 0
      when 'number' then true
      when 'boolean' then answer.value = 'true'::jsonb
      when 'object' then answer.value <> '{}'::jsonb
      else false end)`;
  const [answeredRows, scoreRows] = await Promise.all([
    db
      .select({ questionId: sql<string>`answer.key`, count: sql<number>`count(*)::int` })
      .from(surveys)
      .innerJoin(sql`lateral jsonb_each(${surveys.responses}) as answer`, sql`true`)
      .where(and(completed, answered))
      .groupBy(sql`answer.key`),
    db
      .select({
        questionId: sql<string>`score ->> 'questionId'`,
        count: sql<number>`count(*)::int`,
        percentageSum: sql<number>`sum((score ->> 'percentage')::float8)::float8`,
      })
      .from(surveys)
      .innerJoin(
        sql`lateral jsonb_array_elements(coalesce(${surveys.questionScores}, '[]'::jsonb)) as score`,
        sql`true`,
      )
      .where(completed)
      .groupBy(sql`score ->> 'questionId'`),
  ]);
  return { answeredRows, scoreRows };
}

/** The completed surveys of the set, for their answers (`answer`) to these questions. */
function completedAnswersOf(conditions: SQL[], questionIds: string[]) {
  return and(
    ...conditions,
    eq(surveys.state, 'COMPLETE'),
    sql`answer.key in (${sql.join(
      questionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** Completed surveys of the set: how often each answer value was given, for these questions. */
export async function summarizeAnswerValues(db: Executor, conditions: SQL[], questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({
      questionId: sql<string>`answer.key`,
      value: sql<string>`item.value`,
      count: sql<number>`count(*)::int`,
    })
    .from(surveys)
    .innerJoin(sql`lateral jsonb_each(${surveys.responses}) as answer`, sql`true`)
    .innerJoin(
      sql`lateral jsonb_array_elements_text(case when jsonb_typeof(answer.value) = 'array' then answer.value else jsonb_build_array(answer.value) end) as item(value)`,
      sql`true`,
    )
    .where(completedAnswersOf(conditions, questionIds))
    .groupBy(sql`answer.key`, sql`item.value`);
}

/**
 * Completed surveys of the set: how often each whole answer was given, for these questions (the
 * types whose counted values are read from the answer, decision 027).
 */
export async function summarizeWholeAnswers(db: Executor, conditions: SQL[], questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({
      questionId: sql<string>`answer.key`,
      answer: sql<unknown>`answer.value`,
      count: sql<number>`count(*)::int`,
    })
    .from(surveys)
    .innerJoin(sql`lateral jsonb_each(${surveys.responses}) as answer`, sql`true`)
    .where(completedAnswersOf(conditions, questionIds))
    .groupBy(sql`answer.key`, sql`answer.value`);
}

export async function summarizeWeeks(db: Executor, conditions: SQL[]) {
  const week = sql<string>`to_char(date_trunc('week', ${surveys.completedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      weekStart: week,
      count: sql<number>`count(*)::int`,
      percentageSum: sql<number>`sum(${surveys.compositePercentage})::float8`,
    })
    .from(surveys)
    .where(and(...conditions, eq(surveys.state, 'COMPLETE'), sql`${surveys.compositePercentage} is not null`))
    .groupBy(week)
    .orderBy(week);
  return rows.map((row) => ({
    weekStart: row.weekStart,
    count: Number(row.count),
    percentageSum: Number(row.percentageSum),
  }));
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
