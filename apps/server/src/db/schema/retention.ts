import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { workspaces } from './workspaces.js';

/** What a retention run removed (decision 044): counts only, never the values. */
export interface RetentionRunReport {
  responses: number;
  unansweredSurveys: number;
  outboxBodies: number;
}

/**
 * A workspace's retention (docs/decisions/044-retention-and-deletions.md); no row means the
 * defaults: responses and unanswered surveys kept, outbox bodies kept 30 days.
 */
export const workspaceRetention = pgTable('workspace_retention', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  /** Completed and partly answered surveys older than this many months go; null: kept. */
  responseMonths: integer('response_months'),
  /** Surveys nobody answered, this many days after they were sent; null: kept. */
  unansweredSurveyDays: integer('unanswered_survey_days'),
  /** Sent messages' texts are erased this many days after they were written. */
  outboxBodyDays: integer('outbox_body_days').notNull().default(30),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunReport: jsonb('last_run_report').$type<RetentionRunReport>(),
  updatedAt: updatedAt(),
});
