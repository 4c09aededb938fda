import {
  type Alert,
  type AlertCondition,
  isAnswered,
  matrixMean,
  type SurveyAnswer,
  type SurveyQuestion,
  type SurveyResponses,
} from '@graphium/shared';

// Alert conditions against a completed survey's answers (docs/product-rules.md#alerts; decision 008). Scales
// compare
// as numbers; a multiple choice "equals" a value it contains; text and single choices compare
// trimmed and ignoring case. A condition on a question that is not in the survey never holds.
// Decision 027: a matrix compares its rows' mean, a date compares as a date (greater = later), a
// ranking equals the option it puts first, a consent is empty until given.

function isEmptyAnswer(question: SurveyQuestion, answer: SurveyAnswer | undefined): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.every((item) => item.trim() === '');
  if (typeof answer === 'boolean' || typeof answer === 'object') return !isAnswered(question, answer);
  return false;
}

/** The value an ordering operator compares: a number, or a date's YYYY-MM-DD text. */
function comparable(question: SurveyQuestion, answer: SurveyAnswer | undefined): number | string | undefined {
  if (question.type === 'Matrix') return matrixMean(question, answer);
  if (question.type === 'DateEntry') return typeof answer === 'string' && answer !== '' ? answer : undefined;
  return Array.isArray(answer) ? undefined : toNumber(answer);
}

function normalizeText(value: unknown): string {
  return String(value).trim().toLowerCase();
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

const scaleTypes = new Set<SurveyQuestion['type']>([
  'NetPromoterScore',
  'NumericScale',
  'StarRatingScale',
  'CustomerEffortScore',
  'CustomerSatisfactionScore',
  'Matrix',
]);

function isEqual(question: SurveyQuestion, answer: SurveyAnswer, value: string | number): boolean {
  if (question.type === 'Ranking') return Array.isArray(answer) && answer[0] === String(value);
  if (scaleTypes.has(question.type)) {
    const left = comparable(question, answer);
    const right = toNumber(value);
    return left !== undefined && right !== undefined && left === right;
  }
  const wanted = normalizeText(value);
  if (Array.isArray(answer)) return answer.some((item) => normalizeText(item) === wanted);
  return normalizeText(answer) === wanted;
}

/** Whether one condition holds for the answers. */
export function conditionHolds(
  condition: AlertCondition,
  question: SurveyQuestion | undefined,
  responses: SurveyResponses,
): boolean {
  if (!question) return false;
  const answer = responses[condition.surveyQuestionId];
  switch (condition.operator) {
    case 'IS_EMPTY':
      return isEmptyAnswer(question, answer);
    case 'IS_NOT_EMPTY':
      return !isEmptyAnswer(question, answer);
    case 'IS_EQUAL':
      return !isEmptyAnswer(question, answer) && isEqual(question, answer!, condition.value);
    case 'IS_NOT_EQUAL':
      return isEmptyAnswer(question, answer) || !isEqual(question, answer!, condition.value);
    case 'GREATER_THAN':
    case 'LESS_THAN': {
      const left = comparable(question, answer);
      const right =
        question.type === 'DateEntry' ? String(condition.value).trim() : toNumber(condition.value);
      if (left === undefined || right === undefined) return false;
      return condition.operator === 'GREATER_THAN' ? left > right : left < right;
    }
    default:
      return false;
  }
}

/** Whether every condition of the alert holds (an alert fires on all of them, decision 008). */
export function alertFires(alert: Alert, questions: SurveyQuestion[], responses: SurveyResponses): boolean {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    alert.conditions.length > 0 &&
    alert.conditions.every((condition) =>
      conditionHolds(condition, byId.get(condition.surveyQuestionId), responses),
    )
  );
}
