import { isMatrixComplete, validateExtraAnswer } from './question-answer-rules.js';
import type { SurveyResponses } from './survey-answer.js';
import type { PropertyType, SurveyDefinition, SurveyProperty, SurveyQuestion } from './survey-definition.js';
import { activeQuestions } from './survey-logic.js';
import { isCalendarDate, readBoolean, readNumber } from './values.js';

export * from './email-answer.js';

export {
  isMatrixAnswer,
  type MatrixAnswer,
  matrixMean,
  matrixRowValues,
} from './question-answer-rules.js';

export { isValidReviewLink } from './values.js';

// The rules of answering a survey (docs/product-rules.md#the-respondent-page): what fits a
// question, what counts as answered, where a respondent resumes, the welcome page's estimate, the
// authentication form. The server and the respondent page both run them; this file imports no
// zod (only types, which are erased), so the page bundles it as `@graphium/shared/answer-rules`
// and stays small.

export const surveyNotFoundMessage = "The survey you're looking for doesn't exist or has expired.";
export const surveyAlreadyCompletedMessage = 'This survey has already been completed.';
export const surveyExpiredMessage = 'This survey has expired.';
export const authenticationMismatchMessage = 'The information you entered does not match our records.';
export const authenticationFailedFallbackMessage =
  'Authentication failed. Please check your information and try again.';

/**
 * The "Other (please specify)" answer of a choice question with `includeOtherOption`: the text
 * the respondent typed, prefixed with "Other: " (e.g. "Other: Brakes"). An offered option that
 * happens to start with the prefix still counts as that option.
 */
const otherAnswerPrefix = 'Other: ';
const maxOtherAnswerLength = 500;

export function toOtherAnswer(text: string): string {
  return `${otherAnswerPrefix}${text.trim()}`;
}

/** The text of an "Other: …" answer, or undefined when the value is not one. */
export function readOtherAnswer(value: string): string | undefined {
  return value.startsWith(otherAnswerPrefix) ? value.slice(otherAnswerPrefix.length).trim() : undefined;
}

export interface AnswerContext {
  /** The active item ids of the list a list-based question draws on. */
  listItemIds?: ReadonlySet<string>;
}

/** The numbers a scale question offers (docs/architecture.md): NPS 0-10, stars 1-5, numeric start-end. */
function scaleBounds(question: SurveyQuestion): { min: number; max: number } | undefined {
  if (question.type === 'NetPromoterScore') return { min: 0, max: 10 };
  if (question.type === 'StarRatingScale') return { min: 1, max: 5 };
  if (question.type === 'NumericScale') return { min: question.startNumber, max: question.endNumber };
  if (question.type === 'CustomerEffortScore') return { min: 1, max: 7 };
  if (question.type === 'CustomerSatisfactionScore') return { min: 1, max: 5 };
  return undefined;
}

type ChoiceQuestion = Extract<SurveyQuestion, { type: 'MultipleChoice' | 'DropdownList' }>;

/** One of the question's own options: a typed option, or an active item of its list. */
function isPlainOption(question: ChoiceQuestion, value: string, context: AnswerContext): boolean {
  return question.listId
    ? Boolean(context.listItemIds?.has(value))
    : Boolean(question.answerOptions?.includes(value));
}

function isOffered(question: ChoiceQuestion, value: string, context: AnswerContext): boolean {
  if (isPlainOption(question, value, context)) return true;
  if (!question.includeOtherOption) return false;
  const other = readOtherAnswer(value);
  return other !== undefined && other.length > 0 && other.length <= maxOtherAnswerLength;
}

const notOffered = (value: string) =>
  `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}" is not one of the options`;

/**
 * Why an answer does not fit its question, or undefined when it does (null, which clears an
 * answer, always fits). Scales take whole numbers in range, choices the offered options (list
 * item ids for list-based questions, "Other: …" when offered), texts at most maxLength.
 */
export function validateAnswer(
  question: SurveyQuestion,
  value: unknown,
  context: AnswerContext = {},
): string | undefined {
  if (value === null || value === undefined) return undefined;
  switch (question.type) {
    case 'NetPromoterScore':
    case 'StarRatingScale':
    case 'NumericScale':
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore': {
      const { min, max } = scaleBounds(question)!;
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Expected a number';
      if (!Number.isInteger(value) || value < min || value > max)
        return `Choose a whole number from ${min} to ${max}`;
      return undefined;
    }
    case 'MultipleChoice': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
        return 'Expected a list of options';
      if (!question.multiSelect && value.length > 1) return 'Choose only one option';
      if (new Set(value).size !== value.length) return 'Each option can be chosen once';
      const others = value.filter((item) => !isPlainOption(question, item, context));
      if (others.length > 1 && others.every((item) => readOtherAnswer(item) !== undefined))
        return 'Only one other answer can be given';
      const wrong = value.find((item) => !isOffered(question, item, context));
      return wrong === undefined ? undefined : notOffered(wrong);
    }
    case 'DropdownList': {
      if (typeof value !== 'string') return 'Expected one option';
      if (value === '') return undefined;
      return isOffered(question, value, context) ? undefined : notOffered(value);
    }
    case 'ShortTextEntry':
    case 'LongTextEntry': {
      if (typeof value !== 'string') return 'Expected text';
      return value.length > question.maxLength
        ? `Must be at most ${question.maxLength} characters`
        : undefined;
    }
    case 'DateEntry':
    case 'Consent':
    case 'Ranking':
    case 'Matrix':
      return validateExtraAnswer(question, value);
  }
}

/**
 * Whether a question has an answer (docs/product-rules.md#the-respondent-page): nothing, empty text, an empty
 * choice or a 0 star
 * rating is unanswered. Unlike the spec, 0 is a real NPS answer and satisfies a required NPS
 * question, on purpose (decision 005): it is the answer a detractor gives.
 */
export function isAnswered(question: Pick<SurveyQuestion, 'type'>, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    return !(question.type === 'StarRatingScale' && value === 0);
  }
  // A consent's tick (decision 027); false is no consent, so no answer.
  if (typeof value === 'boolean') return value;
  // A matrix answers with { rowId: column }: answered once a statement is.
  if (typeof value === 'object') return Object.values(value).some((item) => typeof item === 'number');
  return false;
}

/**
 * Whether a required question is satisfied: answered, and for a matrix every statement answered
 * (decision 027).
 */
export function isComplete(question: SurveyQuestion, value: unknown): boolean {
  return isAnswered(question, value) && isMatrixComplete(question, value);
}

/**
 * The questions a respondent may see: the active ones, in order (jumps to an inactive question
 * go on to the next active one, decision 023). Which of them a respondent's path shows is
 * `surveyPath` (survey-logic.ts).
 */
export function respondentQuestions(definition: Pick<SurveyDefinition, 'questions'>): SurveyQuestion[] {
  return activeQuestions(definition.questions);
}

/** Required questions without an answer, in order. */
export function findUnansweredRequired(
  questions: readonly SurveyQuestion[],
  responses: Readonly<Record<string, unknown>>,
): SurveyQuestion[] {
  return questions.filter(
    (question) =>
      question.validation.required &&
      !isComplete(question, Object.hasOwn(responses, question.id) ? responses[question.id] : undefined),
  );
}

/**
 * Where a respondent resumes (docs/product-rules.md#the-respondent-page): the first question without a saved
 * answer, or the last
 * one when all are answered.
 */
export function findResumeIndex(questions: readonly SurveyQuestion[], responses: SurveyResponses): number {
  // A matrix with statements left is not done yet (decision 027).
  const index = questions.findIndex((question) => !isComplete(question, responses[question.id]));
  return index === -1 ? Math.max(0, questions.length - 1) : index;
}

/** Seconds a respondent typically spends on each kind of question. */
const secondsByType: Record<SurveyQuestion['type'], number> = {
  NetPromoterScore: 8,
  StarRatingScale: 6,
  NumericScale: 8,
  MultipleChoice: 12,
  DropdownList: 10,
  ShortTextEntry: 25,
  LongTextEntry: 60,
  CustomerEffortScore: 8,
  CustomerSatisfactionScore: 6,
  DateEntry: 12,
  Consent: 10,
  Ranking: 20,
  Matrix: 10,
};
const openingSeconds = 10;

/**
 * The welcome page's time estimate in minutes, from the number and kinds of questions (decision 005
 * replaces the spec's fixed 5 minutes): at least 1.
 */
export function estimateMinutes(definition: Pick<SurveyDefinition, 'questions'>): number {
  const seconds = respondentQuestions(definition).reduce((total, question) => {
    const options =
      question.type === 'MultipleChoice' || question.type === 'Ranking'
        ? Math.min(question.answerOptions?.length ?? 4, 20)
        : question.type === 'Matrix'
          ? question.rows.length * 5
          : 0;
    return total + secondsByType[question.type] + options;
  }, openingSeconds);
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The welcome page's sentence (docs/architecture.md) with the estimate. */
export function estimatedTimeText(minutes: number): string {
  return `This survey should take about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} to complete.`;
}

// ---------------------------------------------------------------------------------------------
// Respondent authentication (docs/product-rules.md#respondent-authentication).

export type AuthenticationComparable = string | number | boolean;

/**
 * A value in the form the server compares (docs/product-rules.md#respondent-authentication): text as
 * people type it (see normaliseAuthenticationText), Number as a number, Date as its date part (YYYY-MM-DD), DateTime as
 * the instant to the minute (a datetime-local input has no seconds), Boolean as true/false.
 * Undefined when the value cannot be read as its type.
 */
export function normaliseAuthenticationValue(
  type: PropertyType,
  value: unknown,
): AuthenticationComparable | undefined {
  if (value === null || value === undefined) return undefined;
  switch (type) {
    case 'Number':
      return readNumber(value);
    case 'Boolean':
      return readBoolean(value);
    case 'Date': {
      if (typeof value !== 'string') return undefined;
      const datePart = value.trim().slice(0, 10);
      return isCalendarDate(datePart) ? datePart : undefined;
    }
    case 'DateTime': {
      if (typeof value !== 'string') return undefined;
      const time = new Date(value.trim()).getTime();
      return Number.isNaN(time) ? undefined : Math.floor(time / 60_000);
    }
    default: {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        return undefined;
      return normaliseAuthenticationText(String(value));
    }
  }
}

/**
 * Text as people type it (docs/product-rules.md#respondent-authentication): Unicode compatibility
 * forms folded, case ignored, outer spaces dropped and inner runs of spaces counted as one. A
 * code — letters, digits, spaces and hyphens with at least one digit, like a postcode, an account
 * or a sort code — also ignores its spaces and hyphens: "sw1a1aa" matches "SW1A 1AA".
 */
function normaliseAuthenticationText(value: string): string | undefined {
  const text = value.normalize('NFKC').toLowerCase().trim().replace(/\s+/gu, ' ');
  if (text === '') return undefined;
  const isCode = /\d/u.test(text) && /^[\p{L}\p{N} -]+$/u.test(text);
  return isCode ? text.replace(/[ -]/gu, '') : text;
}

/** Whether a submitted authentication value matches the survey's stored one. */
export function authenticationValueMatches(type: PropertyType, submitted: unknown, stored: unknown): boolean {
  const left = normaliseAuthenticationValue(type, submitted);
  return left !== undefined && left === normaliseAuthenticationValue(type, stored);
}

export type AuthenticationProblem = 'required' | 'invalidNumber' | 'invalidDate';

/** The spec's English wording of an authentication problem (docs/product-rules.md#respondent-authentication). */
function authenticationProblemText(problem: AuthenticationProblem, label: string): string {
  if (problem === 'required') return `${label} is required`;
  return problem === 'invalidNumber' ? `${label} must be a valid number` : `${label} must be a valid date`;
}

type AuthenticationField = Pick<SurveyProperty, 'id' | 'label' | 'type'> & { required: boolean };

/**
 * The authentication form (docs/product-rules.md#respondent-authentication): "{label} is required" for an
 * empty required field,
 * "{label} must be a valid number" / "... a valid date" for values that cannot be read. On
 * success the values are converted: Number to a number, Boolean to true/false ("true" is true),
 * Date to YYYY-MM-DD, DateTime to an ISO timestamp, others trimmed; empty fields are left out.
 */
export function checkAuthenticationForm(
  fields: readonly AuthenticationField[],
  raw: Readonly<Record<string, string | undefined>>,
): {
  values: Record<string, AuthenticationComparable>;
  errors: Record<string, string>;
  /** The same errors as kinds, for a page that words them in the respondent's language. */
  problems: Record<string, AuthenticationProblem>;
} {
  const values: Record<string, AuthenticationComparable> = {};
  const errors: Record<string, string> = {};
  const problems: Record<string, AuthenticationProblem> = {};
  const fail = (field: AuthenticationField, problem: AuthenticationProblem) => {
    problems[field.id] = problem;
    errors[field.id] = authenticationProblemText(problem, field.label);
  };
  for (const field of fields) {
    const text = (raw[field.id] ?? '').trim();
    if (text === '') {
      if (field.required) fail(field, 'required');
      continue;
    }
    if (field.type === 'Number') {
      const number = readNumber(text);
      if (number === undefined) fail(field, 'invalidNumber');
      else values[field.id] = number;
    } else if (field.type === 'Boolean') {
      values[field.id] = text.toLowerCase() === 'true';
    } else if (field.type === 'Date') {
      const date = new Date(text);
      if (isCalendarDate(text.slice(0, 10))) values[field.id] = text.slice(0, 10);
      else if (!Number.isNaN(date.getTime())) values[field.id] = date.toISOString().slice(0, 10);
      else fail(field, 'invalidDate');
    } else if (field.type === 'DateTime') {
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) fail(field, 'invalidDate');
      else values[field.id] = date.toISOString();
    } else {
      values[field.id] = text;
    }
  }
  return { values, errors, problems };
}
