import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { surveyAlerts } from './alerts.js';
import { createdAt, updatedAt } from './columns.js';
import { surveys } from './surveys.js';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/** The follow-up of one fired alert (decision 019): one per survey alert, owned by a member until closed. */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    surveyAlertId: uuid('survey_alert_id')
      .notNull()
      .references(() => surveyAlerts.id),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    assigneeAccountId: uuid('assignee_account_id').references(() => accounts.id),
    dueAt: timestamp('due_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Set once, when the overdue case was escalated to the workspace's admins. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('cases_survey_alert_id_key').on(table.surveyAlertId),
    index('cases_workspace_id_opened_at_idx').on(table.workspaceId, table.openedAt),
    index('cases_survey_id_idx').on(table.surveyId),
    index('cases_due_idx')
      .on(table.dueAt)
      .where(sql`${table.escalatedAt} is null and ${table.status} in ('open', 'in_progress')`),
  ],
);

/** A case's history: every change, note, reply and escalation, oldest first. */
export const caseEvents = pgTable(
  'case_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing, for events of the same instant. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id),
    type: text('type', {
      enum: ['created', 'assigned', 'status_changed', 'note', 'reply_sent', 'reply_failed', 'escalated'],
    }).notNull(),
    /** Who did it; null for the product itself (opening, escalation, a failed delivery). */
    actorAccountId: uuid('actor_account_id').references(() => accounts.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('case_events_case_id_created_at_idx').on(table.caseId, table.createdAt),
    /** A reply's failure is recorded once, whoever notices it first. */
    uniqueIndex('case_events_reply_failed_key')
      .on(table.caseId, sql`(${table.details}->>'outboxId')`)
      .where(sql`${table.type} = 'reply_failed'`),
  ],
);
