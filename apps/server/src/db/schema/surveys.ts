import { type SurveyResponses, surveyStates } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { contacts } from './contacts.js';
import { publicLinks } from './public-links.js';
import { templates, templateVersions } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * One survey per send (docs/architecture.md): SENT → OPENED → IN_PROGRESS → COMPLETE. The id is the
 * unguessable link id. Properties are keyed by property id, responses by question id.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => templateVersions.id),
    state: text('state', { enum: surveyStates }).notNull().default('SENT'),
    contactMethods: jsonb('contact_methods')
      .$type<
        (
          | { contactMethodType: 'email'; emailAddress: string }
          | { contactMethodType: 'phone'; phoneNumber: string }
        )[]
      >()
      .notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>().notNull(),
    responses: jsonb('responses').$type<SurveyResponses>().notNull().default(sql`'{}'::jsonb`),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The language the respondent last answered in (decision 025); null until a save says. */
    language: text('language'),
    /** sent_at + the version's settings.expiration, fixed when sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Failed respondent authentications since the last success or lock
     * (docs/product-rules.md#respondent-authentication).
     */
    authFailures: integer('auth_failures').notNull().default(0),
    authLockedUntil: timestamp('auth_locked_until', { withTimezone: true }),
    /**
     * When the reminder job should look at this survey next (decision 008): a new survey, an opening
     * or a change of the version's reminders set it to now; the job sets the next due time.
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }).defaultNow(),
    /**
     * Scores by the shared rules (docs/architecture.md), written when the survey completes (decision 007):
     * the composite (null: no composite question answered), each answered scale question's score.
     */
    compositePercentage: doublePrecision('composite_percentage'),
    questionScores:
      jsonb('question_scores').$type<{ questionId: string; score: number; percentage: number }[]>(),
    scoredQuestionCount: integer('scored_question_count'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    /** The public link that created the survey (docs/decisions/024-public-links.md); null: sent. */
    sourceLinkId: uuid('source_link_id').references(() => publicLinks.id),
    /** The contact the survey went to (docs/decisions/038-contacts.md); null: nobody known. */
    contactId: uuid('contact_id').references(() => contacts.id),
    /**
     * Counts the respondent's saves (docs/decisions/048-respondent-cache.md): a save announces
     * itself to the respondent caches after it commits, so the trigger that announces every other
     * change to what the respondent page shows leaves alone an update that moves this number.
     */
    respondentRevision: integer('respondent_revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('surveys_workspace_id_template_id_idx').on(table.workspaceId, table.templateId),
    index('surveys_expires_at_idx').on(table.expiresAt),
    // The responses list: newest sent first, stable (decision 007).
    // NULLS FIRST is what `order by … desc` means: with Drizzle's default (NULLS LAST) PostgreSQL
    // cannot read the index in the query's order and sorts the whole template instead.
    index('surveys_template_id_sent_at_idx').on(
      table.templateId,
      table.sentAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The sends list (GET /sends, decision 047): a workspace's surveys, newest sent first; read
    // backwards, retention's oldest first, a batch at a time (decision 044).
    index('surveys_workspace_id_sent_at_idx').on(
      table.workspaceId,
      table.sentAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Counting a filtered list adds the surveys still being answered to the aggregates' figures.
    index('surveys_template_id_in_progress_idx')
      .on(table.templateId)
      .where(sql`${table.state} = 'IN_PROGRESS'`),
    // A filtered summary's surveys not completed, of a period (decision 046): the completed ones
    // are read from their narrow rows.
    index('surveys_template_id_sent_at_open_idx')
      .on(table.templateId, table.sentAt)
      .where(sql`${table.state} <> 'COMPLETE'`),
    // A link's limits and counts: completed surveys, surveys of the last hour, unanswered ones.
    index('surveys_source_link_id_created_at_idx')
      .on(table.sourceLinkId, table.createdAt)
      .where(sql`${table.sourceLinkId} is not null`),
    index('surveys_source_link_id_state_idx')
      .on(table.sourceLinkId, table.state)
      .where(sql`${table.sourceLinkId} is not null`),
    // A contact's page and segments: their surveys, newest first.
    index('surveys_contact_id_sent_at_idx')
      .on(table.contactId, table.sentAt)
      .where(sql`${table.contactId} is not null`),
    // A respondent's surveys by e-mail address or phone number, for erasure and access requests
    // (docs/decisions/043-erasure-and-access-requests.md): `contact_methods @> '[{"emailAddress": …}]'`.
    index('surveys_contact_methods_idx').using('gin', table.contactMethods.op('jsonb_path_ops')),
    index('surveys_next_reminder_at_idx')
      .on(table.nextReminderAt)
      .where(sql`${table.nextReminderAt} is not null and ${table.state} <> 'COMPLETE'`),
  ],
);
