import {
  isTextQuestionType,
  type SurveyDefinition,
  type SurveyQuestion,
  type TextQuestionAnalytics,
  textSentiments,
} from '@graphium/shared';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { analyseTextAnswer, analysisLanguage } from './text-analysis.service.js';
import { textAnalyticsBackfillJob } from './text-analytics.jobs.js';
import {
  deleteEmptyTextStats,
  findCompletedSurvey,
  isBackfillFinished,
  lockBackfillState,
  lockCompletedSurveysAfter,
  replaceTextAnswers,
  type SurveyToAnalyse,
  saveBackfillState,
  type TextAnswerRow,
} from './text-analytics.repository.js';
import {
  findSentimentCounts,
  findSentimentCountsWhere,
  findSurveySentiments,
  findSurveyWorkspace,
  findTopTerms,
  findTopTermsWhere,
  type SentimentCountRow,
  type TermCountRow,
} from './text-analytics-reads.repository.js';

export {
  countTextFilterMatches,
  keywordAnswerSurveys,
  textFilterCondition,
} from './text-analytics-reads.repository.js';

// Text analytics (docs/decisions/030-text-analytics.md): computed when a survey completes, in its
// transaction, and for surveys completed before by a batched, resumable backfill; read from
// aggregates by the summary.

/** The rows of one completed survey's text answers. */
function analyseSurvey(survey: SurveyToAnalyse, definition: SurveyDefinition): TextAnswerRow[] {
  const language = analysisLanguage(survey.language, definition.defaultLanguage);
  const score = survey.compositePercentage === null ? null : Number(survey.compositePercentage);
  return definition.questions.flatMap((question) => {
    if (!isTextQuestionType(question.type)) return [];
    const answer = Object.hasOwn(survey.responses, question.id) ? survey.responses[question.id] : undefined;
    if (typeof answer !== 'string' || answer.trim() === '') return [];
    const analysis = analyseTextAnswer(answer, language);
    return [
      {
        surveyId: survey.id,
        questionId: question.id,
        workspaceId: survey.workspaceId,
        templateId: survey.templateId,
        sentiment: analysis.sentiment,
        language,
        score,
        terms: [...analysis.keywords, ...analysis.phrases],
      },
    ];
  });
}

/**
 * Analyses a survey's text answers as it completes, in the caller's transaction (after its scores
 * are stored): its rows replace any earlier ones and the aggregates follow.
 */
export async function recordTextAnalyses(db: Executor, surveyId: string): Promise<void> {
  const survey = await findCompletedSurvey(db, surveyId);
  if (!survey) return;
  const definition = await loadVersionDefinition(db, survey.templateVersionId);
  await replaceTextAnswers(db, [surveyId], analyseSurvey(survey, definition));
}

/**
 * Removes these surveys' text analyses and takes them out of the term and sentiment aggregates,
 * in the caller's transaction (a survey removed, or its free-text answers erased:
 * docs/decisions/043-erasure-and-access-requests.md). Rows no answer counts in any more go, so
 * the aggregates are those of an installation that never had the answers.
 */
export async function forgetTextAnalyses(
  db: Executor,
  surveyIds: readonly string[],
  templateIds: readonly string[],
): Promise<void> {
  await replaceTextAnswers(db, surveyIds, []);
  await deleteEmptyTextStats(db, templateIds);
}

const backfillBatchSize = 20_000;

/**
 * One batch of the backfill: the next completed surveys in id order, analysed and stored with the
 * new position in one transaction. Answers how many surveys it read and whether it is done.
 */
export async function backfillTextAnalysesBatch(
  db: Executor,
  now: Date,
  batchSize = backfillBatchSize,
): Promise<{ surveys: number; answers: number; isFinished: boolean }> {
  return db.transaction(async (tx) => {
    const state = await lockBackfillState(tx);
    if (!state || state.finishedAt) return { surveys: 0, answers: 0, isFinished: true };
    const batch = await lockCompletedSurveysAfter(tx, state.lastSurveyId, batchSize);
    const rows: TextAnswerRow[] = [];
    for (const survey of batch) {
      rows.push(...analyseSurvey(survey, await loadVersionDefinition(tx, survey.templateVersionId)));
    }
    await replaceTextAnswers(
      tx,
      batch.map((survey) => survey.id),
      rows,
    );
    const isFinished = batch.length < batchSize;
    await saveBackfillState(tx, {
      lastSurveyId: batch.at(-1)?.id ?? state.lastSurveyId,
      analysedCount: state.analysedCount + batch.length,
      finishedAt: isFinished ? now : null,
    });
    return { surveys: batch.length, answers: rows.length, isFinished };
  });
}

/** How long one backfill job runs before it queues its own continuation. */
const backfillSliceMs = 4 * 60_000;

/** The backfill job: batches until done, or until its time slice ends and a follow-up is queued. */
export async function runTextAnalyticsBackfill(
  ctx: AppContext,
): Promise<{ surveys: number; answers: number }> {
  const started = Date.now();
  const total = { surveys: 0, answers: 0 };
  for (;;) {
    const batch = await backfillTextAnalysesBatch(ctx.db, ctx.now());
    total.surveys += batch.surveys;
    total.answers += batch.answers;
    if (batch.isFinished) return total;
    if (Date.now() - started > backfillSliceMs) {
      await ctx.jobs.send(textAnalyticsBackfillJob, {});
      return total;
    }
  }
}

/** At start: queues the backfill when surveys completed before text analytics wait for it. */
export async function queueTextAnalyticsBackfill(ctx: AppContext): Promise<boolean> {
  if (await isBackfillFinished(ctx.db)) return false;
  await ctx.jobs.send(textAnalyticsBackfillJob, {});
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reads

function toTerms(rows: readonly TermCountRow[]) {
  return rows.map((row) => {
    const scoredCount = Number(row.scored_count);
    return {
      term: row.term,
      count: Number(row.answer_count),
      averageScore: scoredCount > 0 ? Number(row.score_sum) / scoredCount : null,
    };
  });
}

function assemble(
  questions: readonly SurveyQuestion[],
  sentimentRows: readonly SentimentCountRow[],
  termRows: readonly TermCountRow[],
): TextQuestionAnalytics[] {
  return questions.map((question) => {
    const sentiment = Object.fromEntries(textSentiments.map((value) => [value, 0])) as Record<
      (typeof textSentiments)[number],
      number
    >;
    for (const row of sentimentRows) {
      if (row.question_id === question.id && Object.hasOwn(sentiment, row.sentiment)) {
        sentiment[row.sentiment as keyof typeof sentiment] += Number(row.answer_count);
      }
    }
    const terms = termRows.filter((row) => row.question_id === question.id);
    const byCount = (left: TermCountRow, right: TermCountRow) =>
      Number(right.answer_count) - Number(left.answer_count) || (left.term < right.term ? -1 : 1);
    return {
      questionId: question.id,
      questionLabel: question.label,
      answerCount: Object.values(sentiment).reduce((total, count) => total + count, 0),
      sentiment,
      keywords: toTerms(terms.filter((row) => !row.is_phrase).sort(byCount)),
      phrases: toTerms(terms.filter((row) => row.is_phrase).sort(byCount)),
    };
  });
}

/**
 * Each text question's sentiment counts and top keywords and phrases: from the aggregates for the
 * whole template, from the answers' rows when `conditions` (the responses list's filters) narrow it.
 */
export async function readTextAnalytics(
  db: Executor,
  input: {
    templateId: string;
    workspaceId: string;
    questions: readonly SurveyQuestion[];
    limit: number;
    conditions?: SQL[] | undefined;
  },
): Promise<TextQuestionAnalytics[]> {
  const questions = input.questions.filter((question) => isTextQuestionType(question.type));
  const questionIds = questions.map((question) => question.id);
  if (questionIds.length === 0) return [];
  const scope = { templateId: input.templateId, workspaceId: input.workspaceId };
  const [sentimentRows, termRows] = input.conditions
    ? await Promise.all([
        findSentimentCountsWhere(db, input.conditions),
        findTopTermsWhere(db, input.conditions, questionIds, input.limit),
      ])
    : await Promise.all([
        findSentimentCounts(db, scope),
        findTopTerms(db, { ...scope, questionIds, limit: input.limit }),
      ]);
  return assemble(questions, sentimentRows, termRows);
}

/** A survey's analysed text answers with their sentiment (the response detail). */
export async function readSurveySentiments(
  db: Executor,
  scope: { surveyId: string; workspaceId: string },
): Promise<{ questionId: string; sentiment: (typeof textSentiments)[number] }[]> {
  const rows = await findSurveySentiments(db, scope);
  return rows.map((row) => ({ questionId: row.question_id, sentiment: row.sentiment }));
}

/** Whether the survey belongs to the workspace (another workspace's survey answers 404). */
export async function isSurveyInWorkspace(
  db: Executor,
  scope: { surveyId: string; workspaceId: string },
): Promise<boolean> {
  return (await findSurveyWorkspace(db, scope.surveyId)) === scope.workspaceId;
}
