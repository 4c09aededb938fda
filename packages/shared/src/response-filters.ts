import { z } from 'zod';
import { scaleRange } from './answer-conditions.js';
import { defaultPageSize, normalizePageSize } from './pagination.js';
import { toPhoneDigits } from './phone.js';
import {
  checkLanguageFilter,
  languageFilterField,
  rangeFilterOperator,
  readPropertyFilterField,
} from './property-filters.js';
import type { PropertyType, SurveyQuestion } from './survey-definition.js';
import { checkTextFilter, readTextFilterField } from './text-analytics.js';
import { isCalendarDate } from './values.js';

// Responses analysis, the questions asked (docs/product-rules.md#responses-list-filters-paging-export;
// decision 007): the filter contract, the
// list query and the export query. The replies are in survey-responses.ts.

// ---------------------------------------------------------------------------------------------
// Filters (docs/product-rules.md#responses-list-filters-paging-export, docs/architecture.md). On the wire:
//   {"logic":"AND","filters":[{"field":"surveyState","operator":"is","value":"COMPLETE"}]}
//
// Fields and their operators:
// - `surveyState`: `is`, `is_not`; value COMPLETE, IN_PROGRESS (also matches OPENED: both show
//   "In Progress", docs/product-rules.md#responses-list-filters-paging-export) or SENT.
// - `surveyContactMethods.emailAddress`, `surveyContactMethods.phoneNumber`: the text operators;
//   a survey matches when one of its addresses (numbers) matches; the negative operators
//   (`not_contains`, `not_equals`) match surveys that have an address (number) of that kind and
//   none matching. Phone values compare by digits ("(555) 123" looks for "555123").
// - `surveyResponses.{questionId}`: by the question's type. Scales (NPS, stars, numeric):
//   `equals`, `not_equals`, `gt`, `gte`, `lt`, `lte` with a number. Choices (multiple choice,
//   dropdown): `is`, `is_not` with an option (a list item id for list-based questions; a
//   multiple-choice answer "is" an option when it includes it). Texts: the text operators.
//   A question filter only ever matches surveys that answered the question, negative operators
//   included.
// - `language` and `surveyProperties.{propertyId}`: see property-filters.ts (decision 029).
// Text comparisons ignore case. Filters combine with AND only
// (docs/product-rules.md#responses-list-filters-paging-export).

const numericFilterOperators = ['equals', 'not_equals', 'gt', 'gte', 'lt', 'lte'] as const;
export const choiceFilterOperators = ['is', 'is_not'] as const;
export const textFilterOperators = [
  'contains',
  'not_contains',
  'equals',
  'not_equals',
  'starts_with',
  'ends_with',
] as const;
const responseFilterOperators = [
  ...new Set([
    ...numericFilterOperators,
    ...choiceFilterOperators,
    ...textFilterOperators,
    rangeFilterOperator,
  ]),
] as unknown as readonly [
  'equals',
  'not_equals',
  'gt',
  'gte',
  'lt',
  'lte',
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'between',
];
type NumericFilterOperator = (typeof numericFilterOperators)[number];
type ChoiceFilterOperator = (typeof choiceFilterOperators)[number];
type TextFilterOperator = (typeof textFilterOperators)[number];
export type ResponseFilterOperator =
  | NumericFilterOperator
  | ChoiceFilterOperator
  | TextFilterOperator
  | typeof rangeFilterOperator;

/**
 * The labels the Filter Responses modal shows (docs/product-rules.md#responses-list-filters-paging-export).
 */
export const responseFilterOperatorLabels: Record<ResponseFilterOperator, string> = {
  equals: 'equals',
  not_equals: 'not equals',
  gt: 'greater than',
  gte: 'greater than or equal to',
  lt: 'less than',
  lte: 'less than or equal to',
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  between: 'from',
};

export const surveyStateFilterField = 'surveyState';
export const emailFilterField = 'surveyContactMethods.emailAddress';
export const phoneFilterField = 'surveyContactMethods.phoneNumber';
/**
 * `source`: `is`, `is_not` with a public link's id or `SENT` (surveys sent to contacts);
 * docs/decisions/024-public-links.md.
 */
export const sourceFilterField = 'source';
export const sentSourceValue = 'SENT';
export const sentSourceLabel = 'Sent';
const questionFilterFieldPrefix = 'surveyResponses.';

/** Status filter values and their labels (docs/product-rules.md#responses-list-filters-paging-export). */
export const responseStatusValues = ['COMPLETE', 'IN_PROGRESS', 'SENT'] as const;
export type ResponseStatusValue = (typeof responseStatusValues)[number];
export const responseStatusLabels: Record<ResponseStatusValue, string> = {
  COMPLETE: 'Completed',
  IN_PROGRESS: 'In Progress',
  SENT: 'Pending',
};

/**
 * How a survey state shows (docs/product-rules.md#responses-list-filters-paging-export): complete/completed →
 * Completed; in_progress, in-progress,
 * opened → In Progress; sent, pending, delivered and anything else → Pending.
 */
export function surveyStateStatus(state: string): ResponseStatusValue {
  const lowered = state.toLowerCase();
  if (lowered === 'complete' || lowered === 'completed') return 'COMPLETE';
  if (lowered === 'in_progress' || lowered === 'in-progress' || lowered === 'opened') return 'IN_PROGRESS';
  return 'SENT';
}

export function questionFilterField(questionId: string): string {
  return `${questionFilterFieldPrefix}${questionId}`;
}

/** The question id a `surveyResponses.{questionId}` field names, or undefined. */
export function readQuestionFilterField(field: string): string | undefined {
  return field.startsWith(questionFilterFieldPrefix)
    ? field.slice(questionFilterFieldPrefix.length)
    : undefined;
}

/** The operators a question's filter offers, by its type. */
export function questionFilterOperators(type: SurveyQuestion['type']): readonly ResponseFilterOperator[] {
  switch (type) {
    case 'NetPromoterScore':
    case 'StarRatingScale':
    case 'NumericScale':
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore':
    // Decision 027: a matrix filters on its rows' mean, a date compares as a date.
    case 'Matrix':
    case 'DateEntry':
      return numericFilterOperators;
    // A ranking "is" the option it puts first; a consent "is" true when given.
    case 'MultipleChoice':
    case 'DropdownList':
    case 'Ranking':
    case 'Consent':
      return choiceFilterOperators;
    default:
      return textFilterOperators;
  }
}

const rangeOperators = [...numericFilterOperators, rangeFilterOperator] as const;

/** The operators a survey property's filter offers, by its type (docs/decisions/029-segments.md). */
export function propertyFilterOperators(type: PropertyType): readonly ResponseFilterOperator[] {
  switch (type) {
    case 'Number':
    case 'Date':
    case 'DateTime':
      return rangeOperators;
    case 'Boolean':
    case 'ListItem':
      return choiceFilterOperators;
    default:
      return textFilterOperators;
  }
}

/** The value a consent filter takes: "true", consent given (`is`) or not (`is_not`). */
export const consentFilterValue = 'true';

// Numeric filter values are clamped to the question's range with `clampToScale`
// (docs/product-rules.md#responses-list-filters-paging-export).

const maxResponseFilters = 20;
const maxFilterTextLength = 500;

export const responseFilterSchema = z.object({
  field: z.string({ error: 'A filter needs a field' }).min(1, 'A filter needs a field').max(200),
  operator: z.enum(responseFilterOperators, {
    error: `The operator must be one of ${responseFilterOperators.join(', ')}`,
  }),
  value: z.union([z.string().max(maxFilterTextLength), z.number()], {
    error: 'The value must be text or a number',
  }),
});
export type ResponseFilter = z.infer<typeof responseFilterSchema>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const responseFiltersSchema = z
  .object({
    logic: z.literal('AND', { error: 'Filters combine with AND only' }).default('AND'),
    filters: z
      .array(responseFilterSchema, { error: 'filters must be a list' })
      .max(maxResponseFilters, `At most ${maxResponseFilters} filters`)
      .default([]),
  })
  .superRefine((value, context) => {
    value.filters.forEach((filter, index) => {
      const problem = checkFixedFilter(filter);
      if (problem) context.addIssue({ code: 'custom', path: ['filters', index], message: problem });
    });
  });

/** What is wrong with a filter, checked without the template: field names, status and contact filters. */
function checkFixedFilter(filter: ResponseFilter): string | undefined {
  const { field, operator, value } = filter;
  if (field === surveyStateFilterField) {
    if (operator !== 'is' && operator !== 'is_not') return 'A status filter takes is or is_not';
    if (!(responseStatusValues as readonly unknown[]).includes(value))
      return `A status filter's value must be one of ${responseStatusValues.join(', ')}`;
    return undefined;
  }
  if (field === emailFilterField || field === phoneFilterField) {
    if (!(textFilterOperators as readonly string[]).includes(operator))
      return `A contact filter takes one of ${textFilterOperators.join(', ')}`;
    if (typeof value !== 'string' || value.trim() === '') return 'A contact filter needs a value';
    if (field === phoneFilterField && toPhoneDigits(value) === '') return 'A phone filter needs digits';
    return undefined;
  }
  if (field === sourceFilterField) {
    if (operator !== 'is' && operator !== 'is_not') return 'A source filter takes is or is_not';
    if (value !== sentSourceValue && !(typeof value === 'string' && uuidPattern.test(value)))
      return `A source filter's value must be ${sentSourceValue} or a public link's id`;
    return undefined;
  }
  if (field === languageFilterField) return checkLanguageFilter(filter);
  const propertyId = readPropertyFilterField(field);
  if (propertyId !== undefined) {
    return uuidPattern.test(propertyId) ? undefined : `"${propertyId}" is not a property id`;
  }
  // Sentiment and keyword filters on text questions (docs/decisions/030-text-analytics.md).
  const textFilter = readTextFilterField(field);
  if (textFilter) {
    if (!uuidPattern.test(textFilter.questionId)) return `"${textFilter.questionId}" is not a question id`;
    return checkTextFilter(textFilter.kind, operator, value);
  }
  const questionId = readQuestionFilterField(field);
  if (questionId === undefined) {
    return `Unknown filter field "${field}": use surveyState, ${emailFilterField}, ${phoneFilterField}, ${sourceFilterField}, ${languageFilterField}, surveyResponses.{questionId}, surveyProperties.{propertyId}, textSentiment.{questionId} or textKeyword.{questionId}`;
  }
  if (!uuidPattern.test(questionId)) return `"${questionId}" is not a question id`;
  return undefined;
}

/**
 * What is wrong with a question filter for this question, or undefined: the operator must fit
 * the question's type, scales take numbers (clamped by the client, refused here when out of
 * range), choices and texts take non-empty text.
 */
export function checkQuestionFilter(question: SurveyQuestion, filter: ResponseFilter): string | undefined {
  if (filter.operator === rangeFilterOperator) return `${question.label}: between is for survey properties`;
  const operators = questionFilterOperators(question.type);
  if (!operators.includes(filter.operator)) {
    return `${question.label}: the operator must be one of ${operators.join(', ')}`;
  }
  const value = String(filter.value).trim();
  if (question.type === 'DateEntry' && !isCalendarDate(value))
    return `${question.label}: the value must be a date as YYYY-MM-DD`;
  if (question.type === 'Consent' && value !== consentFilterValue)
    return `${question.label}: the value must be ${consentFilterValue}`;
  if (question.type === 'Ranking' && !question.answerOptions.includes(value))
    return `${question.label}: the value must be one of the options`;
  const range = scaleRange(question);
  if (range) {
    const number = typeof filter.value === 'number' ? filter.value : Number(filter.value);
    if (typeof filter.value === 'string' && filter.value.trim() === '')
      return `${question.label}: a number is required`;
    if (!Number.isFinite(number)) return `${question.label}: the value must be a number`;
    if (number < range.min || number > range.max)
      return `${question.label}: the value must be from ${range.min} to ${range.max}`;
    return undefined;
  }
  if (String(filter.value).trim() === '') return `${question.label}: a value is required`;
  return undefined;
}

/** `filters` as the query string carries it: JSON text, parsed then checked. */
export const responseFiltersParamSchema = z
  .string()
  .max(20_000, 'filters is too long')
  .transform((text, context) => {
    if (text.trim() === '') return { logic: 'AND', filters: [] };
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'filters is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(responseFiltersSchema);

/** `sentFrom` / `sentTo`: an ISO instant, or a date (YYYY-MM-DD, read as UTC midnight). */
const instantParamSchema = z
  .string()
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) || z.iso.datetime({ offset: true }).safeParse(text).success,
    'Expected a date (YYYY-MM-DD) or an ISO date and time',
  )
  .transform((text) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text))
  .refine((date) => !Number.isNaN(date.getTime()), 'Not a valid date');

/** What the list call answers: both parts by default; each screen asks for its own. */
export const responsesIncludeValues = ['all', 'surveys', 'summary'] as const;

export const responseQueryFields = {
  surveyTemplateId: z.uuid('Template ID not found'),
  filters: responseFiltersParamSchema.optional(),
  /**
   * The date range filter (decision 007) on the sending time: `sentFrom` inclusive, `sentTo`
   * exclusive. A screen picking local days sends the start of the first day and the start of
   * the day after the last one, as instants.
   */
  sentFrom: instantParamSchema.optional(),
  sentTo: instantParamSchema.optional(),
};

/** The criteria alone (template, filters, dates): what the /api/v1 responses list pages through. */
export const responseCriteriaQuerySchema = z.object(responseQueryFields);
export type ResponseCriteriaQuery = z.output<typeof responseCriteriaQuerySchema>;

/**
 * `GET /surveys?surveyTemplateId&page&limit&filters`
 * (docs/product-rules.md#responses-list-filters-paging-export).
 */
export const listSurveyResponsesQuerySchema = z.object({
  ...responseQueryFields,
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page is too large')
    .default(1),
  /** An unlisted page size (7, 1000, "many") falls back to 25, never a 400 (product rules). */
  limit: z.coerce
    .number()
    .catch(defaultPageSize)
    .transform((value) => normalizePageSize(value))
    .default(defaultPageSize),
  /** `surveys` leaves the summary out (null), `summary` the rows (empty); default both. */
  include: z.enum(responsesIncludeValues).default('all'),
});
export type ListSurveyResponsesQuery = z.output<typeof listSurveyResponsesQuerySchema>;

const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `GET /surveys/export?surveyTemplateId&filters&format=csv|xlsx` (docs/architecture.md). */
export const exportSurveyResponsesQuerySchema = z.object({
  ...responseQueryFields,
  format: z.enum(exportFormats, { error: 'format must be csv or xlsx' }).default('csv'),
});
export type ExportSurveyResponsesQuery = z.output<typeof exportSurveyResponsesQuerySchema>;

/**
 * The filters as a query-string value (empty filters are not sent,
 * docs/product-rules.md#responses-list-filters-paging-export).
 */
export function serializeResponseFilters(filters: readonly ResponseFilter[]): string | undefined {
  return filters.length === 0 ? undefined : JSON.stringify({ logic: 'AND', filters });
}
