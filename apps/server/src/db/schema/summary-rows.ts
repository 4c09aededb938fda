import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { surveys } from './surveys.js';
import { templates } from './templates.js';

/**
 * A small number per template and question (docs/decisions/046-narrow-answer-table.md): the key
 * of a question's answer and score in `survey_summary_rows`, in place of its 36-character id.
 * Given when a survey of a version holding the question first completes; never changed.
 */
export const summaryQuestionNumbers = pgTable(
  'summary_question_numbers',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    number: smallint('number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.questionId] }),
    unique('summary_question_numbers_template_id_number_key').on(table.templateId, table.number),
  ],
);

/**
 * One narrow row per completed survey (decision 046): what a filtered summary reads, about a
 * tenth of the survey's row. `answers` holds the survey's answers keyed by question number, as
 * stored on the survey, except a text question's, which is `true` when answered (its text is not
 * counted); `scores` holds the question scores' percentages at their question's number. Written
 * in the completing transaction; removed with the survey.
 */
export const surveySummaryRows = pgTable(
  'survey_summary_rows',
  {
    surveyId: uuid('survey_id')
      .primaryKey()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    compositePercentage: doublePrecision('composite_percentage'),
    scores: doublePrecision('scores').array().notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('survey_summary_rows_template_id_sent_at_idx').on(table.templateId, table.sentAt)],
);
