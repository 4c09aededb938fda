import { doublePrecision, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { templates } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * Per template, property and value (lower-cased text, a list item id, true/false) of completed
 * surveys: the unfiltered segment table (docs/decisions/029-segments.md). Question id '' holds
 * the count and the composite's running sums; an NPS question's id holds its three counts.
 */
export const responseSegmentStats = pgTable(
  'response_segment_stats',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    propertyId: text('property_id').notNull(),
    valueKey: text('value_key').notNull(),
    questionId: text('question_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** A value as stored (the first seen), shown as the segment's label. */
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
    compositeCount: integer('composite_count').notNull().default(0),
    compositeSum: doublePrecision('composite_sum').notNull().default(0),
    compositeSquares: doublePrecision('composite_squares').notNull().default(0),
    promoters: integer('promoters').notNull().default(0),
    passives: integer('passives').notNull().default(0),
    detractors: integer('detractors').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.propertyId, table.valueKey, table.questionId] }),
  ],
);
