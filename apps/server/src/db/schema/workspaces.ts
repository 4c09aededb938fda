import { workspaceRoles } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';

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
    /** Members must sign in with a second factor; those without one enrol at their next sign-in. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * A deletion asked by the customer's admin (docs/decisions/044-retention-and-deletions.md):
     * while set, the workspace cannot be used and its admins may restore it; at `deletionDueAt`
     * (seven days later) the purge job removes all its data.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    deletionRequestedByAccountId: uuid('deletion_requested_by_account_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('workspaces_customer_id_idx').on(table.customerId),
    index('workspaces_deletion_due_at_idx')
      .on(table.deletionDueAt)
      .where(sql`${table.deletionDueAt} is not null`),
  ],
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
    role: text('role', { enum: workspaceRoles }).notNull(),
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
    role: text('role', { enum: workspaceRoles }).notNull(),
    invitedByAccountId: uuid('invited_by_account_id')
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByAccountId: uuid('accepted_by_account_id').references(() => accounts.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('workspace_invitations_workspace_id_idx').on(table.workspaceId),
    // One open invitation per address and workspace: inviting again resends it.
    uniqueIndex('workspace_invitations_open_idx')
      .on(table.workspaceId, table.emailAddress)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/** Installation-wide settings chosen by an operator (the provider workspace). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
