import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { surveys } from './surveys.js';
import { templateVersions } from './templates.js';
import { workspaces } from './workspaces.js';

/** One row per reminder sent: the idempotency key, written with the reminder's outbox messages. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id),
    /** The reminder's id in the version's settings. */
    reminderId: text('reminder_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.surveyId, table.reminderId] })],
);

/** A contact's reminder day in its workspace: at most one reminder a (local) day. */
export const reminderContactDays = pgTable(
  'reminder_contact_days',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** A lower-cased e-mail address or the digits of a phone number. */
    contact: text('contact').notNull(),
    /** The workspace's local date (YYYY-MM-DD). */
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.contact, table.day] }),
    index('reminder_contact_days_created_at_idx').on(table.createdAt),
  ],
);

/** The reminders of each version as the job last saw them: a change reschedules its surveys. */
export const reminderSettingsSync = pgTable('reminder_settings_sync', {
  templateVersionId: uuid('template_version_id')
    .primaryKey()
    .references(() => templateVersions.id),
  remindersHash: text('reminders_hash').notNull(),
  updatedAt: updatedAt(),
});
