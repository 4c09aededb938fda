import { z } from 'zod';
import {
  allowedOperators,
  type ConditionOperator,
  conditionOperators,
  conditionProblem,
} from './answer-conditions.js';

// Text analytics (docs/decisions/030-text-analytics.md): the sentiment of each text answer and
// the keywords and two-word phrases of a text question, computed by the server when a survey
// completes. The contract here; the scoring itself runs on the server (its word lists stay out
// of the web bundles).

/** The question types whose answers are analysed. */
const textQuestionTypes = ['ShortTextEntry', 'LongTextEntry'] as const;

export function isTextQuestionType(type: string): boolean {
  return (textQuestionTypes as readonly string[]).includes(type);
}

/** An answer's sentiment; `not_analysed` when the survey's language cannot be scored. */
export const textSentiments = ['positive', 'neutral', 'negative', 'not_analysed'] as const;
export type TextSentiment = (typeof textSentiments)[number];

export const textSentimentLabels: Record<TextSentiment, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  not_analysed: 'Not analysed',
};

function isTextSentiment(value: unknown): value is TextSentiment {
  return typeof value === 'string' && (textSentiments as readonly string[]).includes(value);
}

/** A keyword or phrase as terms are stored: lower case, words separated by one space. */
export function normaliseKeyword(value: string): string {
  return value.trim().toLowerCase().split(/\s+/u).filter(Boolean).join(' ');
}

/** At most this many words make a term: one (keyword) or two (phrase). */
const maxKeywordWords = 2;

// ---------------------------------------------------------------------------------------------
// Response filters on text questions (the list, the export and the Filter Responses modal):
//   {"field":"textSentiment.{questionId}","operator":"is"|"is_not","value":"negative"}
//   {"field":"textKeyword.{questionId}","operator":"contains"|"not_contains","value":"slow delivery"}
// A keyword filter matches answers whose keywords (or two-word phrases) include the value; like
// the other question filters, both only match completed surveys that answered the question.

const sentimentFilterPrefix = 'textSentiment.';
const keywordFilterPrefix = 'textKeyword.';

export function sentimentFilterField(questionId: string): string {
  return `${sentimentFilterPrefix}${questionId}`;
}

export function keywordFilterField(questionId: string): string {
  return `${keywordFilterPrefix}${questionId}`;
}

/** The kind and question a text-analytics filter field names, or undefined. */
export function readTextFilterField(
  field: string,
): { kind: 'sentiment' | 'keyword'; questionId: string } | undefined {
  if (field.startsWith(sentimentFilterPrefix))
    return { kind: 'sentiment', questionId: field.slice(sentimentFilterPrefix.length) };
  if (field.startsWith(keywordFilterPrefix))
    return { kind: 'keyword', questionId: field.slice(keywordFilterPrefix.length) };
  return undefined;
}

export const sentimentFilterOperators = ['is', 'is_not'] as const;
export const keywordFilterOperators = ['contains', 'not_contains'] as const;

/** What is wrong with a text-analytics filter's operator and value (the question is checked apart). */
export function checkTextFilter(
  kind: 'sentiment' | 'keyword',
  operator: string,
  value: string | number,
): string | undefined {
  if (kind === 'sentiment') {
    if (!(sentimentFilterOperators as readonly string[]).includes(operator))
      return 'A sentiment filter takes is or is_not';
    if (!isTextSentiment(value))
      return `A sentiment filter's value must be one of ${textSentiments.join(', ')}`;
    return undefined;
  }
  if (!(keywordFilterOperators as readonly string[]).includes(operator))
    return 'A keyword filter takes contains or not_contains';
  const words = normaliseKeyword(String(value)).split(' ').filter(Boolean);
  if (words.length === 0) return 'A keyword filter needs a keyword';
  if (words.length > maxKeywordWords) return 'A keyword filter takes one word or a two-word phrase';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Alerts: "comment sentiment is negative" (the value one of the sentiments) on a text question.

export const sentimentConditionOperator = 'SENTIMENT_IS' as const;

/** An alert's operators: those of survey logic, and the sentiment of a text answer. */
export const alertConditionOperators = [...conditionOperators, sentimentConditionOperator] as const;
export type AlertConditionOperator = (typeof alertConditionOperators)[number];

/** The operators an alert condition on a question of this type offers. */
export function alertOperators(type: string): readonly AlertConditionOperator[] {
  const operators: readonly AlertConditionOperator[] = allowedOperators(type);
  return isTextQuestionType(type) ? [...operators, sentimentConditionOperator] : operators;
}

/** The sentiments an alert can wait for (an answer "not analysed" never alarms). */
export const alertSentiments = ['negative', 'neutral', 'positive'] as const;

/** Why an alert condition does not fit its question, or undefined (see `conditionProblem`). */
export function alertConditionProblem(
  question: Parameters<typeof conditionProblem>[0],
  operator: AlertConditionOperator,
  value: unknown,
): { field: 'operator' | 'value'; message: string } | undefined {
  if (operator !== sentimentConditionOperator)
    return conditionProblem(question, operator as ConditionOperator, value);
  if (!isTextQuestionType(question.type))
    return { field: 'operator', message: 'This operator does not apply to the question' };
  if (!(alertSentiments as readonly unknown[]).includes(value))
    return { field: 'value', message: 'Choose a sentiment' };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// `GET /survey-templates/{id}/text-analytics`

/** A keyword or phrase of a question: how many completed answers hold it, and their mean score. */
const textTermSchema = z.object({
  term: z.string(),
  count: z.number().int(),
  /** The mean composite score (0-100) of those answers' completed surveys; null: none scored. */
  averageScore: z.number().nullable(),
});
export type TextTerm = z.infer<typeof textTermSchema>;

const textQuestionAnalyticsSchema = z.object({
  questionId: z.string(),
  questionLabel: z.string(),
  /** Completed surveys that answered the question. */
  answerCount: z.number().int(),
  sentiment: z.object({
    positive: z.number().int(),
    neutral: z.number().int(),
    negative: z.number().int(),
    not_analysed: z.number().int(),
  }),
  keywords: z.array(textTermSchema),
  phrases: z.array(textTermSchema),
});
export type TextQuestionAnalytics = z.infer<typeof textQuestionAnalyticsSchema>;

export const textAnalyticsResponseSchema = z.object({
  questions: z.array(textQuestionAnalyticsSchema),
});
export type TextAnalyticsResponse = z.infer<typeof textAnalyticsResponseSchema>;

/** How many keywords and phrases a question lists, by default and at most. */
export const defaultTextTermLimit = 20;
export const maxTextTermLimit = 100;

/** A survey's text answers as analysed (the response detail). */
export const surveyTextSentimentsSchema = z.object({
  sentiments: z.array(z.object({ questionId: z.string(), sentiment: z.enum(textSentiments) })),
});
export type SurveyTextSentiments = z.infer<typeof surveyTextSentimentsSchema>;
