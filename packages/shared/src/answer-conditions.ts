import { readNumber } from './values.js';

// Conditions on one question's answer: the operators of alerts (docs/product-rules.md#alerts, spec
// part 2 §5) and of survey logic (decision 023) are the same, judged the same way. Free of zod so
// the respondent page bundles it (through survey-logic.ts), and of the definition's module so the
// definition's own rules can use it (questions are typed by the fields read here).

/** The fields of a question a condition reads: its type (`QuestionType`) and a scale's bounds. */
export interface ConditionQuestion {
  type: string;
  startNumber?: number;
  endNumber?: number;
}

export const conditionOperators = [
  'GREATER_THAN',
  'LESS_THAN',
  'IS_EQUAL',
  'IS_NOT_EQUAL',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

const comparing: readonly ConditionOperator[] = conditionOperators;
const matching: readonly ConditionOperator[] = ['IS_EQUAL', 'IS_NOT_EQUAL', 'IS_EMPTY', 'IS_NOT_EMPTY'];

/**
 * The operators each question type allows (docs/product-rules.md#survey-templates-and-versions):
 * scales all six, other questions equals, not-equals, empty, not-empty. The one place a new
 * question type says which it takes, for alerts and logic alike.
 */
const operatorsByType: Readonly<Record<string, readonly ConditionOperator[]>> = {
  NetPromoterScore: comparing,
  NumericScale: comparing,
  StarRatingScale: comparing,
  MultipleChoice: matching,
  DropdownList: matching,
  ShortTextEntry: matching,
  LongTextEntry: matching,
};

export function allowedOperators(type: string): readonly ConditionOperator[] {
  return operatorsByType[type] ?? matching;
}

export function operatorNeedsValue(operator: ConditionOperator): boolean {
  return operator !== 'IS_EMPTY' && operator !== 'IS_NOT_EMPTY';
}

/** Whether the type's answers compare as numbers (the types that allow greater/less than). */
function isNumeric(type: string): boolean {
  return allowedOperators(type).includes('GREATER_THAN');
}

function isEmptyAnswer(answer: unknown): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.every((item) => String(item).trim() === '');
  return false;
}

function normaliseText(value: unknown): string {
  return String(value).trim().toLowerCase();
}

function isEqual(type: string, answer: unknown, value: unknown): boolean {
  if (isNumeric(type)) {
    const left = readNumber(answer);
    const right = readNumber(value);
    return left !== undefined && right !== undefined && left === right;
  }
  const wanted = normaliseText(value);
  if (Array.isArray(answer)) return answer.some((item) => normaliseText(item) === wanted);
  return normaliseText(answer) === wanted;
}

/**
 * Whether an answer meets a condition (decision 008): scales compare as numbers; a multiple choice
 * "equals" a value it contains; text and single choices compare trimmed and ignoring case; no
 * answer is empty, never greater or less than anything, and not equal to every value.
 */
export function answerMeetsCondition(
  question: ConditionQuestion,
  answer: unknown,
  operator: ConditionOperator,
  value: unknown,
): boolean {
  switch (operator) {
    case 'IS_EMPTY':
      return isEmptyAnswer(answer);
    case 'IS_NOT_EMPTY':
      return !isEmptyAnswer(answer);
    case 'IS_EQUAL':
      return !isEmptyAnswer(answer) && isEqual(question.type, answer, value);
    case 'IS_NOT_EQUAL':
      return isEmptyAnswer(answer) || !isEqual(question.type, answer, value);
    case 'GREATER_THAN':
    case 'LESS_THAN': {
      const left = Array.isArray(answer) ? undefined : readNumber(answer);
      const right = readNumber(value);
      if (left === undefined || right === undefined) return false;
      return operator === 'GREATER_THAN' ? left > right : left < right;
    }
    default:
      return false;
  }
}

/**
 * The numeric range of a scale question (docs/product-rules.md#survey-templates-and-versions):
 * NPS 0-10, stars 1-5, numeric start-end; undefined for other types.
 */
export function scaleRange(question: ConditionQuestion): { min: number; max: number } | undefined {
  switch (question.type) {
    case 'NetPromoterScore':
      return { min: 0, max: 10 };
    case 'StarRatingScale':
      return { min: 1, max: 5 };
    case 'NumericScale':
      return { min: question.startNumber ?? 1, max: question.endNumber ?? 10 };
    default:
      return undefined;
  }
}

/**
 * Why a condition's operator and value do not fit the question, or undefined when they do: alerts
 * and survey logic (decision 023) refuse the same things.
 */
export function conditionProblem(
  question: ConditionQuestion,
  operator: ConditionOperator,
  value: unknown,
): { field: 'operator' | 'value'; message: string } | undefined {
  if (!allowedOperators(question.type).includes(operator))
    return { field: 'operator', message: 'This operator does not apply to the question' };
  if (!operatorNeedsValue(operator)) return undefined;
  if (value === '' || value === undefined || value === null)
    return { field: 'value', message: 'Enter a value' };
  const range = scaleRange(question);
  if (range) {
    const numeric = Number(value);
    if (!Number.isFinite(numeric) || numeric < range.min || numeric > range.max)
      return { field: 'value', message: `Enter a number from ${range.min} to ${range.max}` };
  }
  return undefined;
}
