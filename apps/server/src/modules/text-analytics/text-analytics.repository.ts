import type { SurveyResponses, TextSentiment } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

// Text analytics' rows (docs/decisions/030-text-analytics.md). Sets of rows travel as one JSON
// parameter read by jsonb_to_recordset: one statement per table and batch, on PGlite and
// PostgreSQL alike. Aggregates change by deltas, upserted in key order so that two transactions
// touching the same terms cannot deadlock.

export interface TextAnswerRow {
  surveyId: string;
  questionId: string;
  workspaceId: string;
  templateId: string;
  sentiment: TextSentiment;
  language: string;
  score: number | null;
  terms: string[];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const surveyIdsIn = (surveyIds: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${json(surveyIds)}))`;

interface TermDelta {
  answerCount: number;
  scoredCount: number;
  scoreSum: number;
}

/** One template question's term deltas: the identifiers once, the terms in a map of their own. */
interface TermGroup {
  templateId: string;
  questionId: string;
  workspaceId: string;
  terms: Map<string, TermDelta>;
}

interface SentimentDelta {
  templateId: string;
  questionId: string;
  sentiment: string;
  workspaceId: string;
  answerCount: number;
}

class Deltas {
  readonly termGroups = new Map<string, TermGroup>();
  readonly sentiments = new Map<string, SentimentDelta>();

  add(
    answer: { templateId: string; questionId: string; workspaceId: string; score: number | null },
    sentiment: string | undefined,
    terms: readonly string[],
    sign: 1 | -1,
  ) {
    const { templateId, questionId, workspaceId, score } = answer;
    const questionKey = `${templateId}\u0000${questionId}`;
    if (sentiment !== undefined) {
      const key = `${questionKey}\u0000${sentiment}`;
      const row = this.sentiments.get(key) ?? {
        templateId,
        questionId,
        sentiment,
        workspaceId,
        answerCount: 0,
      };
      row.answerCount += sign;
      this.sentiments.set(key, row);
    }
    let group = this.termGroups.get(questionKey);
    if (!group) {
      group = { templateId, questionId, workspaceId, terms: new Map() };
      this.termGroups.set(questionKey, group);
    }
    for (const term of terms) {
      let row = group.terms.get(term);
      if (!row) {
        row = { answerCount: 0, scoredCount: 0, scoreSum: 0 };
        group.terms.set(term, row);
      }
      row.answerCount += sign;
      if (score !== null) {
        row.scoredCount += sign;
        row.scoreSum += sign * score;
      }
    }
  }
}

const byKey = <T>(rows: Map<string, T>) =>
  [...rows].sort(([left], [right]) => (left < right ? -1 : 1)).map(([, row]) => row);

/**
 * Replaces the text analyses of these surveys with `rows` (none: the surveys' analyses are
 * removed) and moves the aggregates by the difference: running it twice changes nothing.
 */
export async function replaceTextAnswers(
  db: Executor,
  surveyIds: readonly string[],
  rows: readonly TextAnswerRow[],
): Promise<void> {
  if (surveyIds.length === 0) return;
  const deltas = new Deltas();
  const removed = await rowsOf<{
    question_id: string;
    template_id: string;
    workspace_id: string;
    sentiment: string;
    score: number | null;
    terms: string[];
  }>(
    db,
    sql`delete from text_answer_analyses where survey_id in ${surveyIdsIn(surveyIds)}
        returning question_id, template_id, workspace_id, sentiment, score, terms`,
  );
  for (const row of removed) {
    deltas.add(
      {
        templateId: row.template_id,
        questionId: row.question_id,
        workspaceId: row.workspace_id,
        score: row.score === null ? null : Number(row.score),
      },
      row.sentiment,
      row.terms,
      -1,
    );
  }
  for (const row of rows) deltas.add(row, row.sentiment, row.terms, 1);
  if (rows.length > 0) {
    await db.execute(sql`
      insert into text_answer_analyses (survey_id, question_id, workspace_id, template_id, sentiment, language, score, terms)
      select * from jsonb_to_recordset(${json(
        rows.map((row) => ({
          s: row.surveyId,
          q: row.questionId,
          w: row.workspaceId,
          t: row.templateId,
          se: row.sentiment,
          l: row.language,
          sc: row.score,
          te: row.terms,
        })),
      )}) as r(s uuid, q text, w uuid, t uuid, se text, l text, sc double precision, te text[])`);
  }
  await applyDeltas(db, deltas);
}

/** A question's non-zero term deltas as parallel arrays: one JSON object per question, not per term. */
function termColumns(group: TermGroup) {
  const columns = { t: group.templateId, q: group.questionId, w: group.workspaceId };
  const te: string[] = [];
  const c: number[] = [];
  const sc: number[] = [];
  const ss: number[] = [];
  for (const [term, row] of group.terms) {
    if (row.answerCount === 0 && row.scoredCount === 0) continue;
    te.push(term);
    c.push(row.answerCount);
    sc.push(row.scoredCount);
    ss.push(row.scoreSum);
  }
  return { ...columns, te, c, sc, ss };
}

async function applyDeltas(db: Executor, deltas: Deltas): Promise<void> {
  // Upserted in (template, question, term) order, sorted by the statement itself.
  const groups = [...deltas.termGroups.values()].map(termColumns).filter((group) => group.te.length > 0);
  if (groups.length > 0) {
    await db.execute(sql`
      insert into text_term_stats (template_id, question_id, term, workspace_id, is_phrase, answer_count, scored_count, score_sum)
      select g.t, g.q, r.te, g.w, strpos(r.te, ' ') > 0, r.c, r.sc, r.ss
      from jsonb_to_recordset(${json(groups)})
          as g(t uuid, q text, w uuid, te text[], c integer[], sc integer[], ss double precision[])
        cross join lateral unnest(g.te, g.c, g.sc, g.ss) as r(te, c, sc, ss)
      order by g.t, g.q, r.te
      on conflict (template_id, question_id, term) do update set
        answer_count = text_term_stats.answer_count + excluded.answer_count,
        scored_count = text_term_stats.scored_count + excluded.scored_count,
        score_sum = text_term_stats.score_sum + excluded.score_sum`);
  }
  const sentiments = byKey(deltas.sentiments).filter((row) => row.answerCount !== 0);
  if (sentiments.length > 0) {
    await db.execute(sql`
      insert into text_sentiment_stats (template_id, question_id, sentiment, workspace_id, answer_count)
      select t, q, se, w, c
      from jsonb_to_recordset(${json(
        sentiments.map((row) => ({
          t: row.templateId,
          q: row.questionId,
          se: row.sentiment,
          w: row.workspaceId,
          c: row.answerCount,
        })),
      )}) as r(t uuid, q text, se text, w uuid, c integer)
      order by t, q, se
      on conflict (template_id, question_id, sentiment) do update set
        answer_count = text_sentiment_stats.answer_count + excluded.answer_count`);
  }
}

// ---------------------------------------------------------------------------------------------
// Completed surveys as the analysis reads them.

export interface SurveyToAnalyse {
  id: string;
  workspaceId: string;
  templateId: string;
  templateVersionId: string;
  responses: SurveyResponses;
  language: string | null;
  compositePercentage: number | null;
}

const surveyColumns = sql`id, workspace_id as "workspaceId", template_id as "templateId",
  template_version_id as "templateVersionId", responses, language,
  composite_percentage as "compositePercentage"`;

/** One completed survey, locked for the caller's transaction. */
export async function findCompletedSurvey(
  db: Executor,
  surveyId: string,
): Promise<SurveyToAnalyse | undefined> {
  const [row] = await rowsOf<SurveyToAnalyse>(
    db,
    sql`select ${surveyColumns} from surveys where id = ${surveyId} and state = 'COMPLETE'`,
  );
  return row;
}

/** The next completed surveys after `afterId` in id order, locked for the caller's transaction. */
export async function lockCompletedSurveysAfter(
  db: Executor,
  afterId: string | null,
  limit: number,
): Promise<SurveyToAnalyse[]> {
  const after = afterId === null ? sql`true` : sql`id > ${afterId}::uuid`;
  return rowsOf<SurveyToAnalyse>(
    db,
    sql`select ${surveyColumns} from surveys where state = 'COMPLETE' and ${after}
        order by id limit ${limit} for update`,
  );
}

export interface BackfillState {
  lastSurveyId: string | null;
  analysedCount: number;
  finishedAt: Date | null;
}

const backfillId = 'surveys';

/** Where the backfill stands, locked for the caller's transaction (one runner at a time). */
export async function lockBackfillState(db: Executor): Promise<BackfillState | undefined> {
  const [row] = await rowsOf<{
    last_survey_id: string | null;
    analysed_count: number;
    finished_at: string | null;
  }>(
    db,
    sql`select last_survey_id, analysed_count, finished_at from text_analytics_backfill where id = ${backfillId} for update`,
  );
  if (!row) return undefined;
  return {
    lastSurveyId: row.last_survey_id,
    analysedCount: Number(row.analysed_count),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

export async function isBackfillFinished(db: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ finished: boolean }>(
    db,
    sql`select finished_at is not null as finished from text_analytics_backfill where id = ${backfillId}`,
  );
  return row?.finished ?? true;
}

export async function saveBackfillState(db: Executor, state: BackfillState): Promise<void> {
  await db.execute(sql`
    update text_analytics_backfill
    set last_survey_id = ${state.lastSurveyId}::uuid, analysed_count = ${state.analysedCount},
        finished_at = ${state.finishedAt?.toISOString() ?? null}::timestamptz
    where id = ${backfillId}`);
}

/** Deletes the aggregate rows of these templates that no analysed answer counts in any more. */
export async function deleteEmptyTextStats(db: Executor, templateIds: readonly string[]): Promise<void> {
  if (templateIds.length === 0) return;
  const templates = sql`(select value::uuid from jsonb_array_elements_text(${json(templateIds)}))`;
  await db.execute(
    sql`delete from text_term_stats where template_id in ${templates} and answer_count <= 0 and scored_count <= 0`,
  );
  await db.execute(
    sql`delete from text_sentiment_stats where template_id in ${templates} and answer_count <= 0`,
  );
}
