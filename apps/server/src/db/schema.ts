import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
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
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The survey a message invites to, so its delivery status shows on the survey. */
    surveyId: uuid('survey_id').references((): AnyPgColumn => surveys.id),
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
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('surveys_workspace_id_template_id_idx').on(table.workspaceId, table.templateId),
    index('surveys_expires_at_idx').on(table.expiresAt),
  ],
);
