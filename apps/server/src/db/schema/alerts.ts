import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { surveys } from './surveys.js';
import { templates, templateVersions } from './templates.js';
import { workspaces } from './workspaces.js';

/**
 * One firing of a template alert for one completed survey (docs/product-rules.md#alerts, the /alerts page).
 */
export const surveyAlerts = pgTable(
  'survey_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id),
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => templateVersions.id),
    /** The alert's id in the version's settings, and its name when it fired. */
    alertId: text('alert_id').notNull(),
    alertName: text('alert_name').notNull(),
    matchedConditions: jsonb('matched_conditions').$type<unknown[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('survey_alerts_survey_id_alert_id_key').on(table.surveyId, table.alertId),
    index('survey_alerts_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
  ],
);
