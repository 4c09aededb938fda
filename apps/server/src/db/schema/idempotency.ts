import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';

/**
 * The first reply to each `Idempotency-Key` an API key sent with a POST (decision 037): a retry
 * gets it again instead of running twice. Kept 24 hours, then purged by a job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path and the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
