import {
  isAnswered,
  readOtherAnswer,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveyResponses,
  scoreSurvey,
} from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  addCompletion,
  findVersionLineage,
  storeSurveyScores,
  type VersionLineage,
} from './response-stats.repository.js';

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
      return typeof answer === 'number' ? [String(answer)] : [];
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

// A version's template and base never change, so each process keeps what it has read.
const lineageByVersion = new Map<string, VersionLineage>();
const maxCachedLineages = 2000;

async function loadLineage(db: Executor, versionId: string): Promise<VersionLineage> {
  const cached = lineageByVersion.get(versionId);
  if (cached) return cached;
  const lineage = await findVersionLineage(db, versionId);
  if (!lineage) throw new AppError('INTERNAL', `version ${versionId} has no template`);
  if (lineageByVersion.size >= maxCachedLineages) {
    const oldest = lineageByVersion.keys().next().value;
    if (oldest !== undefined) lineageByVersion.delete(oldest);
  }
  lineageByVersion.set(versionId, lineage);
  return lineage;
}

/**
 * Scores a survey as it completes, stores the scores on it and adds it to the aggregates
 * (issue 6), in the caller's transaction: the completion and its counts commit together.
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
  await storeSurveyScores(db, survey.surveyId, {
    compositePercentage: score.overallPercentage,
    questionScores: score.questionScores,
    scoredQuestionCount: score.scoredQuestionCount,
  });
  const lineage = await loadLineage(db, survey.templateVersionId);
  const percentageOf = new Map(score.questionScores.map((item) => [item.questionId, item.percentage]));
  const questions = definition.questions.flatMap((question) => {
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
  await addCompletion(db, {
    templateId: lineage.templateId,
    workspaceId: survey.workspaceId,
    baseTemplateId: lineage.baseTemplateId,
    weekStart: weekStartOf(survey.completedAt),
    compositePercentage: score.overallPercentage,
    questions,
  });
}
