import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { surveys } from './surveys.js';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

// Text analytics (docs/decisions/030-text-analytics.md): one row per analysed text answer, with its
// keywords and phrases, and the aggregates the summary reads in one indexed query, kept
// in step in the transactions that write the answers' rows.

/** One completed survey's answer to a text question: its sentiment and the score it counts with. */
export const textAnswerAnalyses = pgTable(
  'text_answer_analyses',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    /** positive, neutral, negative or not_analysed (a language the scorer does not know). */
    sentiment: text('sentiment').notNull(),
    language: text('language').notNull(),
    /** The survey's composite score when analysed (null: none), so aggregates can take it back out. */
    score: doublePrecision('score'),
    /**
     * Its distinct keywords and two-word phrases. An array with a GIN index rather than a row per
     * term: the answers behind a keyword are one index read, and writing them costs one row.
     */
    terms: text('terms').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.surveyId, table.questionId] }),
    index('text_answer_analyses_terms_idx').using('gin', table.terms),
  ],
);

/** Per template, question and term (a keyword or a phrase): the answers holding it and the sum of their scores. */
export const textTermStats = pgTable(
  'text_term_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    questionId: text('question_id').notNull(),
    term: text('term').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    isPhrase: boolean('is_phrase').notNull(),
    answerCount: integer('answer_count').notNull().default(0),
    scoredCount: integer('scored_count').notNull().default(0),
    scoreSum: doublePrecision('score_sum').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.questionId, table.term] }),
    // The keyword table: a question's most frequent keywords (or phrases) first.
    index('text_term_stats_top_idx').on(
      table.templateId,
      table.questionId,
      table.isPhrase,
      table.answerCount.desc(),
      table.term,
    ),
  ],
);

/** Per template, question and sentiment: how many analysed answers have it. */
export const textSentimentStats = pgTable(
  'text_sentiment_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    questionId: text('question_id').notNull(),
    sentiment: text('sentiment').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    answerCount: integer('answer_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.questionId, table.sentiment] })],
);

/**
 * Where the backfill of surveys completed before text analytics stands: the last survey id it
 * analysed (surveys go in id order) and when it finished. The migration adds the one row.
 */
export const textAnalyticsBackfill = pgTable('text_analytics_backfill', {
  id: text('id').primaryKey(),
  lastSurveyId: uuid('last_survey_id'),
  analysedCount: integer('analysed_count').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
