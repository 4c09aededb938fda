import { workspaceRoles } from '@graphium/shared';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { customers, workspaces } from './workspaces.js';

/**
 * A customer's OpenID Connect sign-in (docs/decisions/045-single-sign-on.md): one per customer.
 * The client secret is kept encrypted under a key derived from SESSION_SECRET and never answered.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Where people signing in for the first time become members (with `defaultRole`). */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    defaultRole: text('default_role', { enum: workspaceRoles }).notNull(),
    /** Password sign-in refused for the domains' addresses, the customer's admins excepted. */
    isRequired: boolean('is_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('sso_connections_customer_id_key').on(table.customerId)],
);

/** An e-mail domain belongs to one connection at most: it alone decides where its people sign in. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sso_domains_connection_id_idx').on(table.connectionId)],
);
