import { isMatrixAnswer, matrixRowValues } from './answer-conditions.js';
import type { SurveyQuestion } from './survey-definition.js';
import { isCalendarDate } from './values.js';

// Answers to the added question types (decision 027), free of zod like answer-rules.ts,
// which bundles this file into the respondent page:
// - Customer Effort Score: a whole number 1-7; CSAT: 1-5 (faces or stars alike).
// - Date: "YYYY-MM-DD", within the question's earliest and latest dates when set.
// - Consent: true, the tick; nothing else is an answer.
// - Ranking: every option once, most preferred first.
// - Matrix: { rowId: column } with the column's position 1..columns (a scale per row); rows
//   left out are unanswered.

export { isMatrixAnswer, type MatrixAnswer, matrixMean, matrixRowValues } from './answer-conditions.js';

const short = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

function validateRanking(options: readonly string[], value: unknown): string | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    return 'Expected the options in order';
  const wrong = value.find((item) => !options.includes(item));
  if (wrong !== undefined) return `"${short(wrong)}" is not one of the options`;
  if (new Set(value).size !== value.length || value.length !== options.length)
    return 'Rank every option exactly once';
  return undefined;
}

function validateMatrix(question: Extract<SurveyQuestion, { type: 'Matrix' }>, value: unknown) {
  if (!isMatrixAnswer(value)) return 'Expected an answer for each statement';
  const rowIds = new Set(question.rows.map((row) => row.id));
  const columns = question.columns.length;
  for (const [rowId, answer] of Object.entries(value)) {
    if (!rowIds.has(rowId)) return `"${short(rowId)}" is not a statement of this question`;
    if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 1 || answer > columns)
      return `Choose a column from 1 to ${columns} for each statement`;
  }
  return undefined;
}

function validateDate(question: Extract<SurveyQuestion, { type: 'DateEntry' }>, value: unknown) {
  if (typeof value !== 'string') return 'Expected a date';
  if (value === '') return undefined;
  if (!isCalendarDate(value)) return 'Enter a real date as YYYY-MM-DD';
  if (question.minDate && value < question.minDate) return `Choose a date on or after ${question.minDate}`;
  if (question.maxDate && value > question.maxDate) return `Choose a date on or before ${question.maxDate}`;
  return undefined;
}

/**
 * Why an answer does not fit one of the new questions; undefined when it fits or the type is
 * not one of them (the scales' numbers are checked with the other scales in answer-rules.ts).
 */
export function validateExtraAnswer(question: SurveyQuestion, value: unknown): string | undefined {
  switch (question.type) {
    case 'DateEntry':
      return validateDate(question, value);
    case 'Consent':
      return value === true ? undefined : 'Consent is given by ticking the box (true)';
    case 'Ranking':
      return validateRanking(question.answerOptions, value);
    case 'Matrix':
      return validateMatrix(question, value);
    default:
      return undefined;
  }
}

/**
 * Whether a required question's answer is whole: a matrix needs every statement answered;
 * every other type only needs an answer.
 */
export function isMatrixComplete(question: SurveyQuestion, value: unknown): boolean {
  if (question.type !== 'Matrix') return true;
  return matrixRowValues(question, value).length === question.rows.length;
}
