import { contactTypes, suppressionReasons } from '@graphium/shared';
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { workspaces } from './workspaces.js';

/** Contacts a workspace never messages again (unsubscribed, or added by staff). */
export const suppressedContacts = pgTable(
  'suppressed_contacts',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** A lower-cased e-mail address or the digits of a phone number. */
    contact: text('contact').notNull(),
    contactType: text('contact_type', { enum: contactTypes }).notNull(),
    reason: text('reason', { enum: suppressionReasons }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.contact] })],
);
