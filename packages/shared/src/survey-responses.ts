import { z } from 'zod';
import { contactMethodReplySchema, surveyDeliverySchema, surveyStateSchema } from './survey.js';
import { respondentListSchema, surveyResponsesSchema } from './survey-answer.js';
import { propertyTypeSchema, questionTypeSchema, surveyDefinitionSchema } from './survey-definition.js';
import { surveyPropertyValueSchema } from './survey-properties.js';
import { surveyLanguages } from './translations.js';

// Responses analysis, the replies (docs/product-rules.md#responses-list-filters-paging-export; decision 007):
// the list and summary reply and the staff
// view of one response. The filters and queries are in response-filters.ts.

// ---------------------------------------------------------------------------------------------
// Replies (docs/product-rules.md#responses-list-filters-paging-export "Responses list reply", "Survey
// (response)").

const benchmarkSchema = z.object({ percentage: z.number() });
/**
 * A benchmark, or null when it is absent ("Not enough data yet",
 * docs/product-rules.md#responses-list-filters-paging-export).
 */
const optionalBenchmarkSchema = benchmarkSchema.nullable();

/**
 * The Overall Benchmark is reported only when it rests on at least this many completed surveys
 * from at least this many workspaces, so no single customer's results can be inferred (decision 007).
 */
export const benchmarkMinimumSurveys = 10;
export const benchmarkMinimumWorkspaces = 3;

const questionScoreSchema = z.object({
  questionId: z.string(),
  score: z.number(),
  percentage: z.number(),
});

const surveyScoringSchema = z.object({
  /** The composite score, 0..100, or null (no composite question answered: 'No score'). */
  overallPercentage: z.number().nullable(),
  /** Answered scale questions in the definition's order (the list's dots). */
  questionScores: z.array(questionScoreSchema),
  scoredQuestionCount: z.number().int(),
});
export type SurveyScoring = z.infer<typeof surveyScoringSchema>;

const isoOrNull = z.iso.datetime().nullable();

/** One row of the Survey Responses table. `createdAt` is when it was sent (as `sentAt`). */
const surveyResponseRowSchema = z.object({
  surveyId: z.uuid(),
  surveyState: surveyStateSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime(),
  lastOpenedAt: isoOrNull,
  completedAt: isoOrNull,
  updatedAt: z.iso.datetime(),
  surveyContactMethods: z.array(contactMethodReplySchema),
  scoring: surveyScoringSchema,
  /** Invitations and reminders that finally failed: staff see "Not delivered: <reason>" and can send again. */
  undelivered: z.array(surveyDeliverySchema),
  /** Where the survey came from: a public link (its id and name) or none (sent to contacts). */
  source: z.object({ publicLinkId: z.uuid(), name: z.string() }).nullable(),
});
export type SurveyResponseRow = z.infer<typeof surveyResponseRowSchema>;

/**
 * An answer value and how often it was given. `value` is the stored answer as text (a scale
 * number, an option, a list item id, or "Other" for every "Other: …" answer); `label` is what
 * to show (the list item's label for list-based questions).
 */
const answerCountSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type AnswerCount = z.infer<typeof answerCountSchema>;

const npsSummarySchema = z.object({
  /** % promoters - % detractors, -100..100. */
  score: z.number(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});

const questionSummarySchema = z.object({
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
  /** Matrix questions only (decision 027): each statement's mean (0..100) and columns' counts. */
  matrixRows: z
    .array(
      z.object({
        rowId: z.string(),
        label: z.string(),
        totalResponses: z.number().int(),
        percentage: z.number().nullable(),
        distribution: z.array(answerCountSchema),
      }),
    )
    .optional(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

const compositeWeekSchema = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: z.string(),
  percentage: z.number(),
  count: z.number().int(),
});

const responsesSummarySchema = z.object({
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
  /**
   * The template was created from a base template: benchmarks apply
   * (docs/product-rules.md#responses-list-filters-paging-export).
   */
  hasBaseTemplate: z.boolean(),
});
export type ResponsesSummary = z.infer<typeof responsesSummarySchema>;

const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const surveyResponsesListSchema = z.object({
  /** Newest sent first; empty when `include=summary`. */
  surveys: z.array(surveyResponseRowSchema),
  /** Of the filtered set; null when `include=surveys`. */
  summary: responsesSummarySchema.nullable(),
  pagination: paginationSchema,
});
export type SurveyResponsesList = z.infer<typeof surveyResponsesListSchema>;

// ---- one response, for staff: `GET /surveys/{id}/response` ----

const detailQuestionScoreSchema = z.object({
  questionId: z.string(),
  /** The answer and its percentage; null when the question was not answered. */
  score: z.number().nullable(),
  percentage: z.number().nullable(),
  /** Overall Benchmark: null when absent. */
  comparativeBenchmark: optionalBenchmarkSchema,
  /** Survey Average: this template's completed surveys; null when none answered. */
  templateComparativeBenchmark: optionalBenchmarkSchema,
});

const surveyResponsePropertySchema = z.object({
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
  /** The language the respondent answered in (decision 025); null before a save recorded one. */
  language: z.enum(surveyLanguages).nullable(),
  surveyContactMethods: z.array(contactMethodReplySchema),
  /** As on the list row. */
  undelivered: z.array(surveyDeliverySchema),
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
