import {
  isAnswered,
  matrixRowValues,
  readOtherAnswer,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveyResponses,
  scoreSurvey,
} from '@graphium/shared';
import type { SQLWrapper } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { loadVersionLineage } from '../templates/template-versions.service.js';
import {
  addDailyCompletion,
  addDailySent,
  countDailySent,
  findDailyZone,
  isKnownZone,
  rebuildDailyStats,
  removeDailySent,
} from './response-daily-stats.repository.js';
import {
  addCompletion,
  addSentSurveys,
  type CompletionStats,
  insertCountingSent,
  removeSentSurveys,
  storeSurveyScores,
} from './response-stats.repository.js';
import { addSegmentCompletion } from './segment-aggregates.js';
import { addSummaryRow } from './summary-rows.repository.js';

// The aggregates the analysis reads, written in the transactions that send and complete surveys:
// a summary never sums over every response.

/** A matrix statement's answer as a summary counts it. */
export function matrixAnswerValue(rowId: string, column: number): string {
  return `${rowId}:${column}`;
}

/** Every "Other: …" answer counts under one value in summaries (its text stays on the survey). */
export const otherAnswerValue = 'Other';

/**
 * The values a summary counts for an answer: a scale's number, each chosen option (list item
 * ids for list-based questions), "Other" for other answers; none for texts, whose values are
 * unbounded.
 */
export function summaryAnswerValues(question: SurveyQuestion, answer: unknown): string[] {
  if (!isAnswered(question, answer)) return [];
  switch (question.type) {
    case 'NetPromoterScore':
    case 'StarRatingScale':
    case 'NumericScale':
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore':
      return typeof answer === 'number' ? [String(answer)] : [];
    // Decision 027: a matrix counts "rowId:column" per statement, a ranking its first option, a
    // date its month, a consent "true".
    case 'Matrix':
      return matrixRowValues(question, answer).map((row) => matrixAnswerValue(row.rowId, row.value));
    case 'Ranking':
      return Array.isArray(answer) && typeof answer[0] === 'string' ? [answer[0]] : [];
    case 'DateEntry':
      return typeof answer === 'string' ? [answer.slice(0, 7)] : [];
    case 'Consent':
      return answer === true ? ['true'] : [];
    case 'MultipleChoice':
    case 'DropdownList': {
      const values = Array.isArray(answer) ? answer : [answer];
      return values
        .filter((value): value is string => typeof value === 'string' && value !== '')
        .map((value) => (isOffered(question, value) ? value : otherAnswerValue));
    }
    default:
      return [];
  }
}

function isOffered(
  question: Extract<SurveyQuestion, { type: 'MultipleChoice' | 'DropdownList' }>,
  value: string,
) {
  if (question.listId) return readOtherAnswer(value) === undefined;
  return question.answerOptions?.includes(value) ?? false;
}

/** Monday of the date's week (UTC), YYYY-MM-DD. */
export function weekStartOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Scores a survey as it completes, stores the scores on it and adds it to the aggregates
 * (decision 007), in the caller's transaction: the completion and its counts commit together.
 */
export async function recordSurveyCompletion(
  db: Executor,
  survey: {
    surveyId: string;
    workspaceId: string;
    templateVersionId: string;
    definition: SurveyDefinition;
    responses: SurveyResponses;
    completedAt: Date;
  },
): Promise<void> {
  const { definition, responses } = survey;
  const score = scoreSurvey(definition, responses);
  const stored = await storeSurveyScores(db, survey.surveyId, {
    compositePercentage: score.overallPercentage,
    questionScores: score.questionScores,
    scoredQuestionCount: score.scoredQuestionCount,
  });
  const lineage = await loadVersionLineage(db, survey.templateVersionId);
  const questions = answeredQuestionStats(definition, responses, score.questionScores);
  await addCompletion(db, {
    templateId: lineage.templateId,
    workspaceId: survey.workspaceId,
    baseTemplateId: lineage.baseTemplateId,
    weekStart: weekStartOf(survey.completedAt),
    compositePercentage: score.overallPercentage,
    questions,
  });
  // The narrow row filtered summaries read, from the survey as just stored (decision 046).
  await addSummaryRow(db, survey.surveyId, survey.templateVersionId);
  await addSegmentCompletion(db, {
    surveyId: survey.surveyId,
    templateId: lineage.templateId,
    workspaceId: survey.workspaceId,
    definition,
    responses,
    compositePercentage: score.overallPercentage,
  });
  await addDailyCompletion(db, {
    templateId: lineage.templateId,
    workspaceId: survey.workspaceId,
    sentAt: stored?.sentAt ?? survey.completedAt,
    completedAt: survey.completedAt,
    npsAnswer: firstNpsAnswer(definition, responses),
    compositePercentage: score.overallPercentage,
  });
}

/** Every answered question as the aggregates count it: its percentage when a scale, its summary values. */
export function answeredQuestionStats(
  definition: SurveyDefinition,
  responses: SurveyResponses,
  questionScores: readonly { questionId: string; percentage: number }[],
): CompletionStats['questions'] {
  const percentageOf = new Map(questionScores.map((item) => [item.questionId, item.percentage]));
  return definition.questions.flatMap((question) => {
    const answer = Object.hasOwn(responses, question.id) ? responses[question.id] : undefined;
    if (!isAnswered(question, answer)) return [];
    return [
      {
        questionId: question.id,
        percentage: percentageOf.get(question.id) ?? null,
        answerValues: summaryAnswerValues(question, answer),
      },
    ];
  });
}

/** The dashboard's NPS of a survey: its answer to the first NPS question it answered. */
export function firstNpsAnswer(definition: SurveyDefinition, responses: SurveyResponses): number | null {
  for (const question of definition.questions) {
    if (question.type !== 'NetPromoterScore' || !Object.hasOwn(responses, question.id)) continue;
    const answer = responses[question.id];
    if (typeof answer === 'number') return answer;
  }
  return null;
}

/** Counts sent surveys in their templates' totals, in the caller's transaction (single and bulk send). */
export async function recordSentSurveys(
  db: Executor,
  sent: readonly { templateId: string; workspaceId: string; sentAt: Date }[],
): Promise<void> {
  await addSentSurveys(db, sent);
  await addDailySent(db, sent);
}

/**
 * Inserts surveys (`inserted`: an insert into surveys returning `id`, `template_id`,
 * `workspace_id` and `sent_at`, which may skip rows) and counts them in their templates' totals
 * and sending days in one statement. Answers the ids it inserted.
 */
export async function insertAndRecordSentSurveys(db: Executor, inserted: SQLWrapper): Promise<Set<string>> {
  const rows = await rowsOf<{ id: string }>(db, insertCountingSent(inserted));
  return new Set(rows.map((row) => row.id));
}

/** Takes surveys deleted unanswered out of their templates' totals, in the caller's transaction. */
export async function forgetSentSurveys(
  db: Executor,
  removed: readonly { templateId: string; workspaceId: string; sentAt: Date }[],
): Promise<void> {
  await removeSentSurveys(db, removed);
  await removeDailySent(db, removed);
}

/**
 * Makes the workspace's daily aggregate cut at `timeZone`'s midnights (decision 035): when the
 * rows are in another zone (the workspace's time zone changed), they are rebuilt from the surveys
 * in one transaction (`rebuildDailyStats`: sends and completions wait only for its last, short
 * part, and then count in the new zone). A zone PostgreSQL does not know keeps UTC. Answers the
 * zone the rows are now cut at.
 */
export async function ensureDailyStatsZone(
  db: Executor,
  workspaceId: string,
  timeZone: string,
  /** The zone the rows are in, when the caller has just read it (`findDailyStatsZone`). */
  current?: string,
): Promise<string> {
  if ((current ?? (await findDailyZone(db, workspaceId))) === timeZone) return timeZone;
  return db.transaction(async (tx) => {
    const wanted = (await isKnownZone(tx, timeZone)) ? timeZone : 'UTC';
    await rebuildDailyStats(tx, workspaceId, wanted);
    return wanted;
  });
}

/** How many surveys a rebuild of the workspace's daily rows would read (decision 035). */
export function countSurveysInDailyStats(db: Executor, workspaceId: string): Promise<number> {
  return countDailySent(db, workspaceId);
}

/** The zone a workspace's daily rows are cut at now (decision 035). */
export function findDailyStatsZone(db: Executor, workspaceId: string): Promise<string> {
  return findDailyZone(db, workspaceId);
}
