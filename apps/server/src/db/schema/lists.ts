import { listPropertyTypes, listStates } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { workspaces } from './workspaces.js';

/**
 * Lookup lists of a workspace (docs/product-rules.md#lookup-lists): typed properties and items that templates
 * draw on.
 */
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state', { enum: listStates }).notNull().default('DRAFT'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('lists_workspace_id_idx').on(table.workspaceId)],
);

export const listProperties = pgTable(
  'list_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: listPropertyTypes }).notNull(),
    active: boolean('active').notNull().default(true),
    isDefaultLabel: boolean('is_default_label').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('list_properties_list_id_name_key').on(table.listId, table.name),
    // At most one default label per list (docs/product-rules.md#lookup-lists).
    uniqueIndex('list_properties_one_default_label_key').on(table.listId).where(sql`${table.isDefaultLabel}`),
  ],
);

export const listItems = pgTable(
  'list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id),
    /** Values keyed by property name, typed by the property (docs/product-rules.md#lookup-lists). */
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('list_items_list_id_idx').on(table.listId)],
);
