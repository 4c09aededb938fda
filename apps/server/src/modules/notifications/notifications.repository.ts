import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationSettings } from '../../db/schema/index.js';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

export async function findNotificationSettings(
  db: Executor,
  workspaceId: string,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.workspaceId, workspaceId));
  return row;
}

export async function findNotificationSettingsOf(
  db: Executor,
  workspaceIds: string[],
): Promise<NotificationSettingsRow[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.workspaceId, workspaceIds));
}

export async function upsertNotificationSettings(
  db: Executor,
  workspaceId: string,
  changes: Partial<
    Pick<
      NotificationSettingsRow,
      'slackWebhookUrl' | 'quietHoursStart' | 'quietHoursEnd' | 'timeZone' | 'phoneCountry'
    >
  >,
  now: Date,
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ workspaceId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.workspaceId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}
