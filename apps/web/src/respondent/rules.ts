import type { AuthenticationProperty, SurveyAnswer, SurveyQuestion, SurveyResponses } from '@graphium/shared';

// The respondent page's rules (part 1 §4, §5) as small pure functions. They mirror the ones in
// '@graphium/shared' (survey-answer.ts), which the respondent bundle cannot import: those files
// build zod schemas at load time, and zod alone would take most of the page's 90 KB budget
// (issue 5). `rules.test.ts` checks that both agree, so there is still one behaviour.

export const apiTimeoutMs = 10_000;
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

export const surveyNotFoundMessage = "The survey you're looking for doesn't exist or has expired.";
export const authenticationFailedFallbackMessage =
  'Authentication failed. Please check your information and try again.';
export const saveFailedMessage = "We couldn't save your answer. Check your connection and try again.";
export const otherAnswerPrefix = 'Other: ';
export const otherOptionLabel = 'Other (please specify)';

/**
 * Whether a question has an answer (part 1 §5): nothing, empty text or an empty choice is
 * unanswered, and so is a 0 star rating. 0 IS an NPS answer and satisfies a required NPS
 * question, on purpose (issue 5 corrects the spec): it is the answer a detractor gives.
 */
export function isAnswered(question: Pick<SurveyQuestion, 'type'>, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    return !(question.type === 'StarRatingScale' && value === 0);
  }
  return false;
}

/** Part 1 §4: resume at the first question without a saved answer, or the last one. */
export function findResumeIndex(questions: readonly SurveyQuestion[], responses: SurveyResponses): number {
  const index = questions.findIndex((question) => !isAnswered(question, responses[question.id]));
  return index === -1 ? Math.max(0, questions.length - 1) : index;
}

/** Part 1 §5: only http and https links are offered to respondents. */
export function isValidReviewLink(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The welcome sentence (part 1 §2) with the server's estimate instead of a fixed 5 (issue 5). */
export function estimatedTimeText(minutes: number): string {
  return `This survey should take about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} to complete.`;
}

export function toOtherAnswer(text: string): string {
  return `${otherAnswerPrefix}${text.trim()}`;
}

/** The text of an "Other: …" answer, or undefined when the value is not one. */
export function readOtherAnswer(value: string): string | undefined {
  return value.startsWith(otherAnswerPrefix) ? value.slice(otherAnswerPrefix.length).trim() : undefined;
}

/**
 * What Next sends (part 1 §4: all responses so far, merged by the server): every answered
 * question, and null for one that was saved before and is now empty, so clearing it sticks.
 */
export function buildSavePayload(
  questions: readonly SurveyQuestion[],
  answers: Readonly<Record<string, SurveyAnswer | undefined>>,
  saved: SurveyResponses,
): Record<string, SurveyAnswer | null> {
  const payload: Record<string, SurveyAnswer | null> = {};
  for (const question of questions) {
    const value = answers[question.id];
    if (isAnswered(question, value)) payload[question.id] = value as SurveyAnswer;
    else if (Object.hasOwn(saved, question.id)) payload[question.id] = null;
  }
  return payload;
}

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function readNumber(text: string): number | undefined {
  if (!numberPattern.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type AuthenticationValue = string | number | boolean;

/**
 * The authentication form (part 1 §5): "{label} is required" for an empty required field,
 * "{label} must be a valid number" / "... a valid date" for values that cannot be read. The
 * values are converted: Number to a number, Boolean to true/false ("true" is true), Date to
 * YYYY-MM-DD, DateTime to an ISO timestamp (a datetime-local value is local time), others
 * trimmed; empty fields are left out.
 */
export function checkAuthenticationForm(
  fields: readonly AuthenticationProperty[],
  raw: Readonly<Record<string, string | undefined>>,
): { values: Record<string, AuthenticationValue>; errors: Record<string, string> } {
  const values: Record<string, AuthenticationValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const text = (raw[field.id] ?? '').trim();
    if (text === '') {
      if (field.required) errors[field.id] = `${field.label} is required`;
      continue;
    }
    if (field.type === 'Number') {
      const number = readNumber(text);
      if (number === undefined) errors[field.id] = `${field.label} must be a valid number`;
      else values[field.id] = number;
    } else if (field.type === 'Boolean') {
      values[field.id] = text.toLowerCase() === 'true';
    } else if (field.type === 'Date' || field.type === 'DateTime') {
      const date = new Date(text);
      const isDate = field.type === 'Date' && isCalendarDate(text.slice(0, 10));
      if (isDate) values[field.id] = text.slice(0, 10);
      else if (Number.isNaN(date.getTime())) errors[field.id] = `${field.label} must be a valid date`;
      else values[field.id] = field.type === 'Date' ? date.toISOString().slice(0, 10) : date.toISOString();
    } else {
      values[field.id] = text;
    }
  }
  return { values, errors };
}
