import { normaliseKeyword, type TextSentiment } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { surveys, templates } from '../../db/schema/index.js';

// The reads of text analytics (docs/decisions/030-text-analytics.md): the keyword table and the
// sentiment counts from the aggregates (one indexed read per question and kind), the same from
// the answers' rows for a filtered set of surveys, and the filters' conditions.

export interface TermCountRow {
  question_id: string;
  is_phrase: boolean;
  term: string;
  answer_count: number | string;
  scored_count: number | string;
  score_sum: number | string;
}

export interface SentimentCountRow {
  question_id: string;
  sentiment: string;
  answer_count: number | string;
}

/**
 * A template's top keywords and phrases per question, from the aggregates: per question and kind,
 * the first `limit` entries of `text_term_stats_top_idx`, one subquery each with its question as
 * a constant. The order is the index's exactly (`desc nulls last`: a plain `desc` sorts nulls
 * first, so PostgreSQL read every term of the question and sorted them). The workspace is checked
 * once against the template rather than per row: a per-row filter made the planner guess a
 * handful of rows and scan the whole question instead of stopping after `limit` index entries.
 */
export function findTopTerms(
  db: Executor,
  scope: { templateId: string; workspaceId: string; questionIds: readonly string[]; limit: number },
): Promise<TermCountRow[]> {
  if (scope.questionIds.length === 0) return Promise.resolve([]);
  const owned = sql`exists (select 1 from ${templates} where ${templates.id} = ${scope.templateId}
    and ${templates.workspaceId} = ${scope.workspaceId})`;
  const top = (questionId: string, isPhrase: boolean) =>
    sql`(select s.question_id, s.is_phrase, s.term, s.answer_count, s.scored_count, s.score_sum
        from text_term_stats s
        where s.template_id = ${scope.templateId} and s.question_id = ${questionId}
          and s.is_phrase = ${isPhrase} and s.answer_count > 0 and ${owned}
        order by s.answer_count desc nulls last, s.term
        limit ${scope.limit})`;
  return rowsOf<TermCountRow>(
    db,
    sql.join(
      scope.questionIds.flatMap((questionId) => [top(questionId, false), top(questionId, true)]),
      sql` union all `,
    ),
  );
}

/** A template's answers per question and sentiment, from the aggregates. */
export function findSentimentCounts(
  db: Executor,
  scope: { templateId: string; workspaceId: string },
): Promise<SentimentCountRow[]> {
  return rowsOf<SentimentCountRow>(
    db,
    sql`select question_id, sentiment, answer_count from text_sentiment_stats
        where template_id = ${scope.templateId} and workspace_id = ${scope.workspaceId} and answer_count > 0`,
  );
}

const questionIdsIn = (questionIds: readonly string[]) =>
  sql`(select value from jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb))`;

/** The top keywords and phrases per question among the completed surveys meeting `conditions`. */
export function findTopTermsWhere(
  db: Executor,
  conditions: SQL[],
  questionIds: readonly string[],
  limit: number,
): Promise<TermCountRow[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return rowsOf<TermCountRow>(
    db,
    sql`select question_id, is_phrase, term, answer_count, scored_count, score_sum from (
          select a.question_id, strpos(t.term, ' ') > 0 as is_phrase, t.term, count(*) as answer_count,
            count(a.score) as scored_count, coalesce(sum(a.score), 0) as score_sum,
            row_number() over (partition by a.question_id, strpos(t.term, ' ') > 0 order by count(*) desc, t.term) as rank
          from ${surveys} join text_answer_analyses a on a.survey_id = ${surveys.id}
            cross join lateral unnest(a.terms) as t(term)
          where ${sql.join(conditions, sql` and `)} and ${surveys.state} = 'COMPLETE'
            and a.question_id in ${questionIdsIn(questionIds)}
          group by a.question_id, t.term
        ) ranked where rank <= ${limit}`,
  );
}

/** Answers per question and sentiment among the completed surveys meeting `conditions`. */
export function findSentimentCountsWhere(db: Executor, conditions: SQL[]): Promise<SentimentCountRow[]> {
  return rowsOf<SentimentCountRow>(
    db,
    sql`select a.question_id, a.sentiment, count(*) as answer_count
        from ${surveys} join text_answer_analyses a on a.survey_id = ${surveys.id}
        where ${sql.join(conditions, sql` and `)} and ${surveys.state} = 'COMPLETE'
        group by a.question_id, a.sentiment`,
  );
}

/** One survey's analysed text answers. */
export function findSurveySentiments(
  db: Executor,
  scope: { surveyId: string; workspaceId: string },
): Promise<{ question_id: string; sentiment: TextSentiment }[]> {
  return rowsOf(
    db,
    sql`select question_id, sentiment from text_answer_analyses
        where survey_id = ${scope.surveyId} and workspace_id = ${scope.workspaceId}`,
  );
}

/**
 * How many surveys of a template one sentiment or keyword filter matches, from the aggregates
 * (decision 034): the answers with that sentiment or holding that term, or for `is_not` and
 * `not_contains` the question's other analysed answers. Exact, since the aggregates change in the
 * transactions that write the answers' rows; the caller checks the template's workspace.
 */
export async function countTextFilterMatches(
  db: Executor,
  scope: { templateId: string; questionId: string },
  filter: { kind: 'sentiment' | 'keyword'; operator: string; value: string },
): Promise<number> {
  const question = sql`template_id = ${scope.templateId} and question_id = ${scope.questionId}`;
  const matching =
    filter.kind === 'sentiment'
      ? sql`select coalesce(sum(answer_count), 0) from text_sentiment_stats where ${question} and sentiment = ${filter.value}`
      : sql`select coalesce(sum(answer_count), 0) from text_term_stats where ${question} and term = ${normaliseKeyword(filter.value)}`;
  const [row] = await rowsOf<{ answered: number | string; matching: number | string }>(
    db,
    sql`select (select coalesce(sum(answer_count), 0) from text_sentiment_stats where ${question})::int as answered,
        (${matching})::int as matching`,
  );
  const isPositive = filter.operator === 'is' || filter.operator === 'contains';
  return isPositive ? Number(row?.matching ?? 0) : Number(row?.answered ?? 0) - Number(row?.matching ?? 0);
}

/** The surveys of a template whose answer to the question holds the term: one read of the GIN index. */
export function keywordAnswerSurveys(scope: { templateId: string; questionId: string }, value: string): SQL {
  return sql`select a.survey_id from text_answer_analyses a where a.template_id = ${scope.templateId}
    and a.question_id = ${scope.questionId} and a.terms @> array[${normaliseKeyword(value)}]::text[]`;
}

/**
 * The condition on `surveys` of a sentiment or keyword filter. Like the other question filters,
 * both only match surveys that answered the question, the negative operators included.
 */
export function textFilterCondition(
  kind: 'sentiment' | 'keyword',
  questionId: string,
  operator: string,
  value: string,
): SQL {
  const analysed = sql`select 1 from text_answer_analyses a where a.survey_id = ${surveys.id} and a.question_id = ${questionId}`;
  if (kind === 'sentiment') {
    return operator === 'is'
      ? sql`exists (${analysed} and a.sentiment = ${value})`
      : sql`exists (${analysed} and a.sentiment <> ${value})`;
  }
  const holds = sql`exists (${analysed} and a.terms @> array[${normaliseKeyword(value)}]::text[])`;
  return operator === 'contains' ? holds : sql`(exists (${analysed}) and not ${holds})`;
}

export async function findSurveyWorkspace(db: Executor, surveyId: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ workspace_id: string }>(
    db,
    sql`select workspace_id from surveys where id = ${surveyId}`,
  );
  return row?.workspace_id;
}
