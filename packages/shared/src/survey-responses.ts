import { z } from 'zod';
import { pageSizeOptions } from './pagination.js';
import {
  contactMethodReplySchema,
  surveyPropertyValueSchema,
  surveyStateSchema,
  toPhoneDigits,
} from './survey.js';
import { respondentListSchema, surveyResponsesSchema } from './survey-answer.js';
import {
  propertyTypeSchema,
  questionTypeSchema,
  type SurveyQuestion,
  surveyDefinitionSchema,
} from './survey-definition.js';
import { scaleRange } from './survey-settings.js';

// Responses analysis (part 2 §2, §3, §5, §7, §9; issue 6): the filter contract, the list query,
// the list/summary reply, the staff view of one response and the export.

// ---------------------------------------------------------------------------------------------
// Filters (part 2 §5, ARCHITECTURE.md §3). On the wire:
//   {"logic":"AND","filters":[{"field":"surveyState","operator":"is","value":"COMPLETE"}]}
//
// Fields and their operators:
// - `surveyState`: `is`, `is_not`; value COMPLETE, IN_PROGRESS (also matches OPENED: both show
//   "In Progress", part 2 §4) or SENT.
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
// Text comparisons ignore case. Filters combine with AND only (part 2 §9).

export const numericFilterOperators = ['equals', 'not_equals', 'gt', 'gte', 'lt', 'lte'] as const;
export const choiceFilterOperators = ['is', 'is_not'] as const;
export const textFilterOperators = [
  'contains',
  'not_contains',
  'equals',
  'not_equals',
  'starts_with',
  'ends_with',
] as const;
export const responseFilterOperators = [
  ...new Set([...numericFilterOperators, ...choiceFilterOperators, ...textFilterOperators]),
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
];
export type NumericFilterOperator = (typeof numericFilterOperators)[number];
export type ChoiceFilterOperator = (typeof choiceFilterOperators)[number];
export type TextFilterOperator = (typeof textFilterOperators)[number];
export type ResponseFilterOperator = NumericFilterOperator | ChoiceFilterOperator | TextFilterOperator;

/** The labels the Filter Responses modal shows (part 2 §5). */
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
};

export const surveyStateFilterField = 'surveyState';
export const emailFilterField = 'surveyContactMethods.emailAddress';
export const phoneFilterField = 'surveyContactMethods.phoneNumber';
export const questionFilterFieldPrefix = 'surveyResponses.';

/** Status filter values and their labels (part 2 §4). */
export const responseStatusValues = ['COMPLETE', 'IN_PROGRESS', 'SENT'] as const;
export type ResponseStatusValue = (typeof responseStatusValues)[number];
export const responseStatusLabels: Record<ResponseStatusValue, string> = {
  COMPLETE: 'Completed',
  IN_PROGRESS: 'In Progress',
  SENT: 'Pending',
};

/**
 * How a survey state shows (part 2 §4): complete/completed → Completed; in_progress, in-progress,
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
  if (type === 'NetPromoterScore' || type === 'StarRatingScale' || type === 'NumericScale')
    return numericFilterOperators;
  if (type === 'MultipleChoice' || type === 'DropdownList') return choiceFilterOperators;
  return textFilterOperators;
}

// Numeric filter values are clamped to the question's range with `clampToScale` (part 2 §5).

export const maxResponseFilters = 20;
export const maxFilterTextLength = 500;

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

export const responseFiltersSchema = z
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
export type ResponseFilters = z.output<typeof responseFiltersSchema>;
export type ResponseFiltersInput = z.input<typeof responseFiltersSchema>;

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
  const questionId = readQuestionFilterField(field);
  if (questionId === undefined) {
    return `Unknown filter field "${field}": use surveyState, ${emailFilterField}, ${phoneFilterField} or surveyResponses.{questionId}`;
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
  const operators = questionFilterOperators(question.type);
  if (!operators.includes(filter.operator)) {
    return `${question.label}: the operator must be one of ${operators.join(', ')}`;
  }
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

const responseQueryFields = {
  surveyTemplateId: z.uuid('Template ID not found'),
  filters: responseFiltersParamSchema.optional(),
  /**
   * The date range filter (issue 6) on the sending time: `sentFrom` inclusive, `sentTo`
   * exclusive. A screen picking local days sends the start of the first day and the start of
   * the day after the last one, as instants.
   */
  sentFrom: instantParamSchema.optional(),
  sentTo: instantParamSchema.optional(),
};

/** `GET /surveys?surveyTemplateId&page&limit&filters` (part 2 §7). */
export const listSurveyResponsesQuerySchema = z.object({
  ...responseQueryFields,
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .refine(
      (value) => (pageSizeOptions as readonly number[]).includes(value),
      `limit must be one of ${pageSizeOptions.join(', ')}`,
    )
    .default(25),
  /** `surveys` leaves the summary out (null), `summary` the rows (empty); default both. */
  include: z.enum(responsesIncludeValues).default('all'),
});
export type ListSurveyResponsesQuery = z.output<typeof listSurveyResponsesQuerySchema>;
export type ListSurveyResponsesQueryInput = z.input<typeof listSurveyResponsesQuerySchema>;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `GET /surveys/export?surveyTemplateId&filters&format=csv|xlsx` (ARCHITECTURE.md §3). */
export const exportSurveyResponsesQuerySchema = z.object({
  ...responseQueryFields,
  format: z.enum(exportFormats, { error: 'format must be csv or xlsx' }).default('csv'),
});
export type ExportSurveyResponsesQuery = z.output<typeof exportSurveyResponsesQuerySchema>;

/** The filters as a query-string value (empty filters are not sent, part 2 §5). */
export function serializeResponseFilters(filters: readonly ResponseFilter[]): string | undefined {
  return filters.length === 0 ? undefined : JSON.stringify({ logic: 'AND', filters });
}

// ---------------------------------------------------------------------------------------------
// Replies (part 2 §3 "Responses list reply", "Survey (response)").

export const benchmarkSchema = z.object({ percentage: z.number() });
/** A benchmark, or null when it is absent ("Not enough data yet", ARCHITECTURE.md §4). */
export const optionalBenchmarkSchema = benchmarkSchema.nullable();

/**
 * The Overall Benchmark is reported only when it rests on at least this many completed surveys
 * from at least this many workspaces, so no single customer's results can be inferred (issue 6).
 */
export const benchmarkMinimumSurveys = 10;
export const benchmarkMinimumWorkspaces = 3;

export const questionScoreSchema = z.object({
  questionId: z.string(),
  score: z.number(),
  percentage: z.number(),
});

export const surveyScoringSchema = z.object({
  /** The composite score, 0..100, or null (no composite question answered: 'No score'). */
  overallPercentage: z.number().nullable(),
  /** Answered scale questions in the definition's order (the list's dots). */
  questionScores: z.array(questionScoreSchema),
  scoredQuestionCount: z.number().int(),
});
export type SurveyScoring = z.infer<typeof surveyScoringSchema>;

const isoOrNull = z.iso.datetime().nullable();

/** One row of the Survey Responses table. `createdAt` is when it was sent (as `sentAt`). */
export const surveyResponseRowSchema = z.object({
  surveyId: z.uuid(),
  surveyState: surveyStateSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime(),
  lastOpenedAt: isoOrNull,
  completedAt: isoOrNull,
  updatedAt: z.iso.datetime(),
  surveyContactMethods: z.array(contactMethodReplySchema),
  scoring: surveyScoringSchema,
});
export type SurveyResponseRow = z.infer<typeof surveyResponseRowSchema>;

/**
 * An answer value and how often it was given. `value` is the stored answer as text (a scale
 * number, an option, a list item id, or "Other" for every "Other: …" answer); `label` is what
 * to show (the list item's label for list-based questions).
 */
export const answerCountSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type AnswerCount = z.infer<typeof answerCountSchema>;

export const npsSummarySchema = z.object({
  /** % promoters - % detractors, -100..100. */
  score: z.number(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});

export const questionSummarySchema = z.object({
  questionId: z.string(),
  questionLabel: z.string(),
  questionText: z.string(),
  questionType: questionTypeSchema,
  /** Completed surveys that answered the question. */
  totalResponses: z.number().int(),
  compositeScore: z.object({
    /** The question counts in the composite score (its definition's compositeScore.enabled). */
    enabled: z.boolean(),
    /**
     * The Survey Average of a scale question (mean percentage over this template's completed
     * surveys), whether or not it counts in the composite; null for other types or no answers.
     */
    percentage: z.number().nullable(),
    totalResponses: z.number().int(),
    /** The Overall Benchmark, or null when absent (no base template or not enough data). */
    comparativeBenchmark: optionalBenchmarkSchema,
  }),
  /** Most given answers first (at most 5); empty for text questions. */
  popularResponses: z.array(answerCountSchema),
  /** Every possible answer in order with its count (scales low..high, choices by option); empty for texts. */
  distribution: z.array(answerCountSchema),
  /** NPS questions only, when answered. */
  nps: npsSummarySchema.nullable(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const compositeWeekSchema = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: z.string(),
  percentage: z.number(),
  count: z.number().int(),
});

export const responsesSummarySchema = z.object({
  /** Completed surveys. */
  totalResponses: z.number().int(),
  totalSent: z.number().int(),
  /** Completed / sent in percent, or null when none was sent. */
  responseRate: z.number().nullable(),
  questions: z.array(questionSummarySchema),
  /** The mean composite score by week of completion, oldest first. */
  compositeOverTime: z.array(compositeWeekSchema),
  /** The template's mean composite score over completed surveys. */
  overallPercentage: z.number().nullable(),
  /** The same over every template of the same base template, or null when absent. */
  overallBenchmark: optionalBenchmarkSchema,
  /** The template was created from a base template: benchmarks apply (part 2 §2). */
  hasBaseTemplate: z.boolean(),
});
export type ResponsesSummary = z.infer<typeof responsesSummarySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const surveyResponsesListSchema = z.object({
  /** Newest sent first; empty when `include=summary`. */
  surveys: z.array(surveyResponseRowSchema),
  /** Of the filtered set; null when `include=surveys`. */
  summary: responsesSummarySchema.nullable(),
  pagination: paginationSchema,
});
export type SurveyResponsesList = z.infer<typeof surveyResponsesListSchema>;

// ---- one response, for staff: `GET /surveys/{id}/response` ----

export const detailQuestionScoreSchema = z.object({
  questionId: z.string(),
  /** The answer and its percentage; null when the question was not answered. */
  score: z.number().nullable(),
  percentage: z.number().nullable(),
  /** Overall Benchmark: null when absent. */
  comparativeBenchmark: optionalBenchmarkSchema,
  /** Survey Average: this template's completed surveys; null when none answered. */
  templateComparativeBenchmark: optionalBenchmarkSchema,
});

export const surveyResponsePropertySchema = z.object({
  propertyId: z.string(),
  label: z.string(),
  type: propertyTypeSchema,
  value: surveyPropertyValueSchema,
  /** As read (dates MM/dd/yyyy, Yes/No, list item labels). */
  displayValue: z.string(),
});

export const surveyResponseDetailSchema = z.object({
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  surveyState: surveyStateSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime(),
  lastOpenedAt: isoOrNull,
  completedAt: isoOrNull,
  updatedAt: z.iso.datetime(),
  surveyContactMethods: z.array(contactMethodReplySchema),
  surveyResponses: surveyResponsesSchema,
  scoring: z.object({
    overallPercentage: z.number().nullable(),
    scoredQuestionCount: z.number().int(),
    /** Every scale question of the definition, in order. */
    questionScores: z.array(detailQuestionScoreSchema),
    /** The template's mean composite (Survey Average) and the benchmark's, null when absent. */
    templateComparativeBenchmark: optionalBenchmarkSchema,
    comparativeBenchmark: optionalBenchmarkSchema,
  }),
  surveyTemplate: z.object({
    surveyTemplateName: z.string(),
    surveyTemplateDefinition: surveyDefinitionSchema,
    hasBaseTemplate: z.boolean(),
  }),
  /** The lists that list-based questions draw on, with item labels (archived items included). */
  lists: z.array(respondentListSchema),
  /** Only properties visible in reports (visibleInReportsAndFiltering), in definition order. */
  surveyProperties: z.array(surveyResponsePropertySchema),
});
export type SurveyResponseDetail = z.infer<typeof surveyResponseDetailSchema>;

/** The formula-injection guard of exports: cells starting with = + - @, tab or CR get a leading '. */
export function neutralizeSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
