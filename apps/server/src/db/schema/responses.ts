import { date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/** Per template: surveys sent and completed, and the composite scores of the completed ones. */
export const responseTemplateStats = pgTable('response_template_stats', {
  templateId: uuid('template_id')
    .primaryKey()
    .references(() => templates.id),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id),
  sentCount: integer('sent_count').notNull().default(0),
  completedCount: integer('completed_count').notNull().default(0),
  compositeCount: integer('composite_count').notNull().default(0),
  compositeSum: doublePrecision('composite_sum').notNull().default(0),
});

/** Per template and question: completed surveys that answered it, and its scores' sum. */
export const responseQuestionStats = pgTable(
  'response_question_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    questionId: text('question_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    responseCount: integer('response_count').notNull().default(0),
    scoredCount: integer('scored_count').notNull().default(0),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.questionId] })],
);

/** Per template, question and answer (a scale value or a choice; "Other" for other answers). */
export const responseAnswerStats = pgTable(
  'response_answer_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    questionId: text('question_id').notNull(),
    answerValue: text('answer_value').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.questionId, table.answerValue] })],
);

/** Per template and week of completion (Monday, UTC): the composite scores. */
export const responseWeeklyStats = pgTable(
  'response_weekly_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    count: integer('count').notNull().default(0),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.weekStart] })],
);

/**
 * Per base template, question and workspace: the scores of completed surveys of templates created
 * from that base (the Overall Benchmark, docs/product-rules.md#responses-list-filters-paging-export).
 * Question id '' holds the composite.
 * Only these sums cross workspaces, never a response.
 */
export const responseBenchmarkStats = pgTable(
  'response_benchmark_stats',
  {
    baseTemplateId: uuid('base_template_id')
      .notNull()
      .references(() => templates.id),
    questionId: text('question_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    count: integer('count').notNull().default(0),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.baseTemplateId, table.questionId, table.workspaceId] })],
);

/**
 * Per template and local day for the dashboard (docs/decisions/028-dashboard.md; the day in the
 * zone of `response_daily_stats_zones`, decision 035): surveys sent that
 * day and how many of them are complete now (the response rate's cohort), and the surveys completed
 * that day with their NPS categories (the first NPS question answered) and composite sums.
 */
export const responseDailyStats = pgTable(
  'response_daily_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    day: date('day', { mode: 'string' }).notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    sentCount: integer('sent_count').notNull().default(0),
    respondedCount: integer('responded_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    promoters: integer('promoters').notNull().default(0),
    passives: integer('passives').notNull().default(0),
    detractors: integer('detractors').notNull().default(0),
    compositeCount: integer('composite_count').notNull().default(0),
    compositeSum: doublePrecision('composite_sum').notNull().default(0),
    compositeSumOfSquares: doublePrecision('composite_sum_of_squares').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.day] }),
    index('response_daily_stats_workspace_id_day_idx').on(table.workspaceId, table.day),
  ],
);

/**
 * The time zone whose days a workspace's `response_daily_stats` rows are cut at (decision 035):
 * one row per workspace, made with the workspace (a trigger). Writers read it under a key-share
 * lock in the statement that adds to the aggregate; a rebuild for another zone locks it for
 * update, so no write lands in the old zone's days once the rebuild has read the surveys.
 */
export const responseDailyStatsZones = pgTable('response_daily_stats_zones', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
});
