import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * Public links of a template (docs/decisions/024-public-links.md): `/s/{slug}` creates a survey of
 * the template's published version for each new visitor, within the link's limits. Started and
 * completed counts are read from the surveys that name the link; visits are counted here.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    maxCompletedResponses: integer('max_completed_responses'),
    onePerBrowser: boolean('one_per_browser').notNull().default(false),
    onePerContact: boolean('one_per_contact').notNull().default(false),
    hourlyCap: integer('hourly_cap'),
    frameOrigins: text('frame_origins').array().notNull().default(sql`'{}'::text[]`),
    logoInQrCode: boolean('logo_in_qr_code').notNull().default(false),
    visitCount: bigint('visit_count', { mode: 'number' }).notNull().default(0),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('public_links_slug_key').on(table.slug),
    index('public_links_workspace_id_template_id_idx').on(table.workspaceId, table.templateId),
  ],
);
