import {
  listPropertyTypes,
  recurringPeriods,
  recurringSendStatuses,
  type SegmentFilter,
} from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * A workspace's people (docs/decisions/038-contacts.md): one row per e-mail address and per phone
 * number (stored as survey contact methods store them: lower-cased; E.164, or digits in a US
 * workspace, decision 021). Every send creates or updates them.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    emailAddress: text('email_address'),
    phoneNumber: text('phone_number'),
    name: text('name'),
    /** Values by attribute name, typed as the attribute says. */
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** The last survey sent to the contact, any template: what the fatigue rule reads. */
    lastSurveyedAt: timestamp('last_surveyed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('contacts_workspace_id_email_address_idx')
      .on(table.workspaceId, table.emailAddress)
      .where(sql`${table.emailAddress} is not null`),
    uniqueIndex('contacts_workspace_id_phone_number_idx')
      .on(table.workspaceId, table.phoneNumber)
      .where(sql`${table.phoneNumber} is not null`),
    index('contacts_workspace_id_created_at_idx').on(
      table.workspaceId,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
  ],
);

/** The typed attributes a workspace's contacts may carry (the lookup lists' types). */
export const contactAttributes = pgTable(
  'contact_attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    type: text('type', { enum: listPropertyTypes }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('contact_attributes_workspace_id_name_idx').on(table.workspaceId, table.name)],
);

/**
 * A CSV import of contacts (decision 038): the file as uploaded, the mapping of its columns,
 * and the progress the import job writes with each batch (it resumes from `processed_rows`).
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    status: text('status', { enum: ['uploaded', 'running', 'finished', 'failed'] })
      .notNull()
      .default('uploaded'),
    fileName: text('file_name'),
    csv: text('csv').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Column header → `emailAddress`, `phoneNumber`, `name` or `attribute:<name>`. */
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    totalRows: integer('total_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /** The first rejected rows and why (the report); the count holds them all. */
    rejectedRows: jsonb('rejected_rows')
      .$type<{ row: number; errors: Record<string, string> }[]>()
      .notNull()
      .default([]),
    /** Runs of the job since the import was started or retried; the third failed run ends it (decision 047). */
    attempts: integer('attempts').notNull().default(0),
    /** Why a failed import stopped, in words for its page. */
    failureReason: text('failure_reason'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('contact_imports_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt)],
);

/** The workspace's contact rules; no row means the defaults. */
export const contactSettings = pgTable('contact_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  /**
   * The fatigue rule: no contact is sent a survey more than once in this many days, across
   * all templates (0: no limit).
   */
  fatigueDays: integer('fatigue_days').notNull().default(30),
  updatedAt: updatedAt(),
});

/** Saved filters over contacts' attributes and survey history (decision 038). */
export const contactSegments = pgTable(
  'contact_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('contact_segments_workspace_id_idx').on(table.workspaceId)],
);

/**
 * A template sent to a segment every `every` `period` at `send_time` in the workspace's time zone
 * (decision 038). The job claims a due run by moving `next_run_at` on, so one run happens once.
 */
export const recurringSends = pgTable(
  'recurring_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => contactSegments.id, { onDelete: 'cascade' }),
    every: integer('every').notNull(),
    period: text('period', { enum: recurringPeriods }).notNull(),
    sendTime: text('send_time').notNull(),
    status: text('status', { enum: recurringSendStatuses }).notNull().default('active'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastResult: jsonb('last_result').$type<{ created: number; skipped: number }>(),
    lastError: text('last_error'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('recurring_sends_workspace_id_idx').on(table.workspaceId),
    index('recurring_sends_next_run_at_idx').on(table.nextRunAt).where(sql`${table.status} = 'active'`),
  ],
);
