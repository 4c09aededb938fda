import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person who signs in. E-mail addresses are stored lower-cased. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    businessName: text('business_name'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('accounts_email_address_key').on(table.emailAddress)],
);

/** The business: owns workspaces, and later the logo and API keys. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('workspaces_customer_id_idx').on(table.customerId)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    role: text('role', { enum: ['admin', 'editor', 'viewer'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.accountId] }),
    index('workspace_members_account_id_idx').on(table.accountId),
  ],
);

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    emailAddress: text('email_address').notNull(),
    role: text('role', { enum: ['admin', 'editor', 'viewer'] }).notNull(),
    invitedByAccountId: uuid('invited_by_account_id')
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByAccountId: uuid('accepted_by_account_id').references(() => accounts.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('workspace_invitations_workspace_id_idx').on(table.workspaceId)],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_account_id_idx').on(table.accountId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_account_id_idx').on(table.accountId)],
);

/** Every outgoing message is written here first, in the transaction that causes it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    channel: text('channel', { enum: ['email', 'sms', 'slack'] }).notNull(),
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * `sending` is claimed by a worker (committed before the transport is called, so a worker
     * that dies mid-send never leads to a second copy); `skipped` never leaves (suppressed
     * contact, a reminder for a survey that closed meanwhile).
     */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The survey a message invites to, so its delivery status shows on the survey. */
    surveyId: uuid('survey_id').references((): AnyPgColumn => surveys.id),
    /** Extra e-mail headers (List-Unsubscribe, issue 7). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('outbox_messages_workspace_id_idx').on(table.workspaceId),
    index('outbox_messages_survey_id_idx').on(table.surveyId).where(sql`${table.surveyId} is not null`),
  ],
);

/** Installation-wide settings chosen by an operator (the provider workspace). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Lookup lists of a workspace (part 1 §3): typed properties and items that templates draw on. */
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state', { enum: ['DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'ARCHIVED'] })
      .notNull()
      .default('DRAFT'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('lists_workspace_id_idx').on(table.workspaceId)],
);

export const listProperties = pgTable(
  'list_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'TIME', 'DATE_TIME'] }).notNull(),
    active: boolean('active').notNull().default(true),
    isDefaultLabel: boolean('is_default_label').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('list_properties_list_id_name_key').on(table.listId, table.name),
    // At most one default label per list (part 1 §3).
    uniqueIndex('list_properties_one_default_label_key').on(table.listId).where(sql`${table.isDefaultLabel}`),
  ],
);

export const listItems = pgTable(
  'list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id),
    /** Values keyed by property name, typed by the property (part 1 §3). */
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('list_items_list_id_idx').on(table.listId)],
);

/** The customer's logo, in the database (ARCHITECTURE.md §4), served by content hash. */
export const logos = pgTable(
  'logos',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id),
    content: bytea('content').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    updatedAt: updatedAt(),
  },
  // The public URL is /api/logos/{sha256}.
  (table) => [index('logos_sha256_idx').on(table.sha256)],
);

/** API keys of a customer: only the hash is kept; the key is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    description: text('description'),
    keyHash: text('key_hash').notNull(),
    scope: text('scope', { enum: ['read', 'read-write'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_key').on(table.keyHash),
    index('api_keys_customer_id_idx').on(table.customerId),
  ],
);

/**
 * Survey templates and base survey templates share one shape (part 2 §3): a template with
 * versions. `kind` tells them apart; base templates belong to the provider workspace.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    kind: text('kind', { enum: ['survey', 'base'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('templates_workspace_id_kind_idx').on(table.workspaceId, table.kind)],
);

/** Versions: only a DRAFT's definition changes; at most one PUBLISHED per template. */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    versionNumber: integer('version_number').notNull(),
    state: text('state', { enum: ['DRAFT', 'PUBLISHED', 'UNPUBLISHED'] })
      .notNull()
      .default('DRAFT'),
    definition: jsonb('definition').notNull(),
    settings: jsonb('settings').notNull(),
    /** The base version a survey template was created from: its question ids match for benchmarks. */
    baseVersionId: uuid('base_version_id').references((): AnyPgColumn => templateVersions.id),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('template_versions_number_key').on(table.templateId, table.versionNumber),
    uniqueIndex('template_versions_one_published_key')
      .on(table.templateId)
      .where(sql`${table.state} = 'PUBLISHED'`),
    index('template_versions_base_version_id_idx').on(table.baseVersionId),
  ],
);

/**
 * One survey per send (ARCHITECTURE.md §4): SENT → OPENED → IN_PROGRESS → COMPLETE. The id is the
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
    state: text('state', { enum: ['SENT', 'OPENED', 'IN_PROGRESS', 'COMPLETE'] })
      .notNull()
      .default('SENT'),
    contactMethods: jsonb('contact_methods')
      .$type<
        (
          | { contactMethodType: 'email'; emailAddress: string }
          | { contactMethodType: 'phone'; phoneNumber: string }
        )[]
      >()
      .notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>().notNull(),
    responses: jsonb('responses')
      .$type<Record<string, number | string | string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** sent_at + the version's settings.expiration, fixed when sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Failed respondent authentications since the last success or lock (part 1 §5). */
    authFailures: integer('auth_failures').notNull().default(0),
    authLockedUntil: timestamp('auth_locked_until', { withTimezone: true }),
    /**
     * When the reminder job should look at this survey next (issue 7): a new survey, an opening
     * or a change of the version's reminders set it to now; the job sets the next due time.
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }).defaultNow(),
    /**
     * Scores by the shared rules (ARCHITECTURE.md §4), written when the survey completes (issue 6):
     * the composite (null: no composite question answered), each answered scale question's score.
     */
    compositePercentage: doublePrecision('composite_percentage'),
    questionScores:
      jsonb('question_scores').$type<{ questionId: string; score: number; percentage: number }[]>(),
    scoredQuestionCount: integer('scored_question_count'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('surveys_workspace_id_template_id_idx').on(table.workspaceId, table.templateId),
    index('surveys_expires_at_idx').on(table.expiresAt),
    // The responses list: newest sent first, stable (issue 6).
    // NULLS FIRST is what `order by … desc` means: with Drizzle's default (NULLS LAST) PostgreSQL
    // cannot read the index in the query's order and sorts the whole template instead.
    index('surveys_template_id_sent_at_idx').on(
      table.templateId,
      table.sentAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Counting a filtered list adds the surveys still being answered to the aggregates' figures.
    index('surveys_template_id_in_progress_idx')
      .on(table.templateId)
      .where(sql`${table.state} = 'IN_PROGRESS'`),
    index('surveys_next_reminder_at_idx')
      .on(table.nextReminderAt)
      .where(sql`${table.nextReminderAt} is not null and ${table.state} <> 'COMPLETE'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Automation (issue 7): reminders, alerts, notification settings and the suppression list.

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

/** One firing of a template alert for one completed survey (part 1 §3, the /alerts page). */
export const surveyAlerts = pgTable(
  'survey_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => templateVersions.id),
    /** The alert's id in the version's settings, and its name when it fired. */
    alertId: text('alert_id').notNull(),
    alertName: text('alert_name').notNull(),
    matchedConditions: jsonb('matched_conditions').$type<unknown[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('survey_alerts_survey_id_alert_id_key').on(table.surveyId, table.alertId),
    index('survey_alerts_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
  ],
);

/** A workspace's Slack webhook, quiet hours and time zone; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  slackWebhookUrl: text('slack_webhook_url'),
  quietHoursStart: text('quiet_hours_start').notNull().default('21:00'),
  quietHoursEnd: text('quiet_hours_end').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: updatedAt(),
});

/** Contacts a workspace never messages again (unsubscribed, or added by staff). */
export const suppressedContacts = pgTable(
  'suppressed_contacts',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** A lower-cased e-mail address or the digits of a phone number. */
    contact: text('contact').notNull(),
    contactType: text('contact_type', { enum: ['email', 'phone'] }).notNull(),
    reason: text('reason', { enum: ['unsubscribed', 'added-by-staff'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.contact] })],
);

// ---------------------------------------------------------------------------------------------
// Responses analysis (issue 6): aggregates kept in the transactions that send and complete
// surveys, so unfiltered summaries and benchmarks never scan the surveys.

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
 * from that base (the Overall Benchmark, ARCHITECTURE.md §4). Question id '' holds the composite.
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
