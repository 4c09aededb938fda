import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { customers } from './workspaces.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The customer's logo, in the database (docs/product-rules.md#logo-and-api-keys), served by content hash. */
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
