import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt } from './columns.js';
import { outboxMessages } from './delivery.js';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * A member's e-mail digest (docs/decisions/031-scheduled-reports.md): one template's figures, or
 * the whole workspace's (the dashboard) when `template_id` is null, weekly or monthly.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** Who receives the digest. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Null: the dashboard (every template of the workspace). */
    templateId: uuid('template_id').references(() => templates.id),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    createdByAccountId: uuid('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (table) => [
    // One subscription per member, scope and frequency; the dashboard's null counts as one scope.
    unique('report_subscriptions_scope_key')
      .on(table.workspaceId, table.accountId, table.templateId, table.frequency)
      .nullsNotDistinct(),
    index('report_subscriptions_account_id_idx').on(table.accountId),
  ],
);

/**
 * One row per digest sent: the exactly-once key (subscription, period), written in the
 * transaction that writes the digest's outbox message.
 */
export const reportDigestSends = pgTable(
  'report_digest_sends',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    /** The period's first local day, YYYY-MM-DD in the workspace's time zone. */
    periodStart: text('period_start').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessages.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.periodStart] }),
    index('report_digest_sends_workspace_id_idx').on(table.workspaceId),
  ],
);
