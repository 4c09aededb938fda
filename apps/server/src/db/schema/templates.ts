import { templateKinds, templateStates } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { workspaces } from './workspaces.js';

/**
 * Survey templates and base survey templates share one shape
 * (docs/product-rules.md#survey-templates-and-versions): a template with
 * versions. `kind` tells them apart; base templates belong to the provider workspace.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    kind: text('kind', { enum: templateKinds }).notNull(),
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
    state: text('state', { enum: templateStates }).notNull().default('DRAFT'),
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
