import { isCalendarDate, readNumber } from './values.js';

// Conditions on one question's answer: the operators of alerts (docs/product-rules.md#alerts) and of survey logic (decision 023) are the same, judged the same way. Free of zod so
// the respondent page bundles it (through survey-logic.ts), and of the definition's module so the
// definition's own rules can use it (questions are typed by the fields read here).

/**
 * The fields of a question a condition reads: its type (`QuestionType`), a scale's bounds, a
 * matrix's rows and columns, a ranking's options (decision 027).
 */
export interface ConditionQuestion {
  type: string;
  startNumber?: number;
  endNumber?: number;
  rows?: readonly { id: string; text: string }[];
  columns?: readonly string[];
  answerOptions?: readonly string[];
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
  // Decision 027: the added scales compare, a matrix by its statements' mean, a date by the
  // calendar (greater = later); a ranking equals the option it puts first; a consent is given
  // (not empty) or not (empty).
  CustomerEffortScore: comparing,
  CustomerSatisfactionScore: comparing,
  Matrix: comparing,
  DateEntry: comparing,
  Ranking: matching,
  Consent: ['IS_EMPTY', 'IS_NOT_EMPTY'],
};

export function allowedOperators(type: string): readonly ConditionOperator[] {
  return operatorsByType[type] ?? matching;
}

export function operatorNeedsValue(operator: ConditionOperator): boolean {
  return operator !== 'IS_EMPTY' && operator !== 'IS_NOT_EMPTY';
}

/** Whether the type's answers compare as numbers (the types that allow greater/less than, but dates). */
function isNumeric(type: string): boolean {
  return type !== 'DateEntry' && allowedOperators(type).includes('GREATER_THAN');
}

function isEmptyAnswer(answer: unknown): boolean {
  if (answer === undefined || answer === null || answer === false) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.every((item) => String(item).trim() === '');
  if (typeof answer === 'object') return Object.keys(answer).length === 0;
  return false;
}

/** The value an ordering operator compares: a number, a matrix's mean, or a date's YYYY-MM-DD. */
function comparable(question: ConditionQuestion, answer: unknown): number | string | undefined {
  if (question.type === 'Matrix')
    return matrixMean({ rows: question.rows ?? [], columns: question.columns ?? [] }, answer);
  if (question.type === 'DateEntry') return typeof answer === 'string' && answer !== '' ? answer : undefined;
  return Array.isArray(answer) ? undefined : readNumber(answer);
}

function normaliseText(value: unknown): string {
  return String(value).trim().toLowerCase();
}

function isEqual(question: ConditionQuestion, answer: unknown, value: unknown): boolean {
  const { type } = question;
  if (type === 'Ranking') return Array.isArray(answer) && answer[0] === String(value);
  if (type === 'DateEntry') return comparable(question, answer) === String(value).trim();
  if (isNumeric(type)) {
    const left = comparable(question, answer);
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
      return !isEmptyAnswer(answer) && isEqual(question, answer, value);
    case 'IS_NOT_EQUAL':
      return isEmptyAnswer(answer) || !isEqual(question, answer, value);
    case 'GREATER_THAN':
    case 'LESS_THAN': {
      const left = comparable(question, answer);
      const right = question.type === 'DateEntry' ? String(value).trim() : readNumber(value);
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
    case 'CustomerEffortScore':
      return { min: 1, max: 7 };
    case 'CustomerSatisfactionScore':
      return { min: 1, max: 5 };
    // A matrix's number is its statements' mean on the columns' positions (decision 027).
    case 'Matrix':
      return { min: 1, max: question.columns?.length ?? 1 };
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
  // Decision 027: a date takes YYYY-MM-DD, a ranking one of its options.
  if (question.type === 'DateEntry' && !isCalendarDate(String(value).trim()))
    return { field: 'value', message: 'Enter a date as YYYY-MM-DD' };
  if (question.type === 'Ranking' && !question.answerOptions?.includes(String(value)))
    return { field: 'value', message: 'Choose one of the options' };
  return undefined;
}

// A matrix's answer (decision 027): { rowId: column position 1..columns }; rows left out are
// unanswered. Here, not beside the other question types' rules, because conditions read it and
// the definition's own checks import this file.

/** The fields of a matrix question its answers are read against. */
export interface MatrixShape {
  rows: readonly { id: string }[];
  columns: readonly unknown[];
}

export type MatrixAnswer = Record<string, number>;

/** A plain object answer (a matrix's), not an array or null. */
export function isMatrixAnswer(value: unknown): value is MatrixAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The numbers of a matrix answer that are real column positions, by row id. */
export function matrixRowValues(question: MatrixShape, value: unknown): { rowId: string; value: number }[] {
  if (!isMatrixAnswer(value)) return [];
  return question.rows.flatMap((row) => {
    const answer = Object.hasOwn(value, row.id) ? value[row.id] : undefined;
    return typeof answer === 'number' &&
      Number.isInteger(answer) &&
      answer >= 1 &&
      answer <= question.columns.length
      ? [{ rowId: row.id, value: answer }]
      : [];
  });
}

/** The mean of a matrix answer's rows (its score on 1..columns), or undefined without rows. */
export function matrixMean(question: MatrixShape, value: unknown) {
  const rows = matrixRowValues(question, value);
  if (rows.length === 0) return undefined;
  return rows.reduce((total, row) => total + row.value, 0) / rows.length;
}
