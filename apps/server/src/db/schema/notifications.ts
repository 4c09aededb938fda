import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { workspaces } from './workspaces.js';

/** A workspace's Slack webhook, quiet hours, time zone and default phone country; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  slackWebhookUrl: text('slack_webhook_url'),
  quietHoursStart: text('quiet_hours_start').notNull().default('21:00'),
  quietHoursEnd: text('quiet_hours_end').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Phone numbers typed without + are read as this country's (decision 021). */
  phoneCountry: text('phone_country').notNull().default('US'),
  updatedAt: updatedAt(),
});
