import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { workspaces } from './workspaces.js';

/** A workspace's webhook endpoint (docs/decisions/036-webhooks.md). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives. */
    events: text('events').array().notNull(),
    /** `whsec_` + base64 of 32 random bytes: the HMAC key of its signatures. */
    secret: text('secret').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last success: a day of failures turns the webhook off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhooks_workspace_id_idx').on(table.workspaceId)],
);

/**
 * The events outbox: one row per event, written in the transaction of the change that causes it,
 * only when the workspace has a webhook for its type. Its id is the `webhook-id` of every delivery.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_events_workspace_id_idx').on(table.workspaceId),
    // A survey's events, which its removal or erasure redacts (decision 043).
    index('webhook_events_survey_id_idx').on(sql`(${table.data}->>'surveyId')`),
  ],
);

/**
 * One event to one webhook: the unique pair is what makes an event leave once per webhook. Claimed
 * as `sending` (committed) before the request, recorded after it, like the outbox (decision 001).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** Pending: when the sweep may dispatch it; sending: the end of the claim's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Retried until then (a day from the event, or from a redelivery). */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_webhook_event_key').on(table.webhookId, table.eventId),
    index('webhook_deliveries_webhook_created_idx').on(table.webhookId, table.createdAt),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
  ],
);

/** Each request made for a delivery: what the endpoint answered, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_id_idx').on(table.deliveryId, table.attemptedAt)],
);
