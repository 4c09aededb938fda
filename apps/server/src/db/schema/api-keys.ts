import { apiKeyScopes } from '@graphium/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt } from './columns.js';
import { customers } from './workspaces.js';

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
    scope: text('scope', { enum: apiKeyScopes }).notNull(),
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
