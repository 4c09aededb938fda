import {
  defaultQuietHours,
  defaultTimeZone,
  type NotificationSettings,
  type QuietHours,
  quietHoursSchema,
  slackWebhookUrlSchema,
  timeZoneSchema,
} from '@graphium/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { checkWebhookUrl, SlackAddressError } from '../../delivery/slack.js';
import { invalid } from '../../errors.js';
import type { WorkspaceActor } from '../../http/request-context.js';
import {
  findNotificationSettings,
  type NotificationSettingsRow,
  upsertNotificationSettings,
} from './notifications.repository.js';

/** A workspace's settings with the defaults filled in (no row: no webhook, 21:00-08:00 UTC). */
export interface WorkspaceNotificationSettings {
  slackWebhookUrl: string | null;
  quietHours: QuietHours;
  timeZone: string;
}

export function toWorkspaceSettings(row: NotificationSettingsRow | undefined): WorkspaceNotificationSettings {
  return {
    slackWebhookUrl: row?.slackWebhookUrl ?? null,
    quietHours: row
      ? { start: row.quietHoursStart, end: row.quietHoursEnd }
      : { start: defaultQuietHours.start, end: defaultQuietHours.end },
    timeZone: row?.timeZone ?? defaultTimeZone,
  };
}

export async function loadNotificationSettings(
  db: Executor,
  workspaceId: string,
): Promise<WorkspaceNotificationSettings> {
  return toWorkspaceSettings(await findNotificationSettings(db, workspaceId));
}

/** `GET /workspace/notification-settings`. */
export async function getNotificationSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<NotificationSettings> {
  return loadNotificationSettings(ctx.db, actor.workspaceId);
}

/**
 * The body of `PUT /workspace/notification-settings`: the shared contract's fields, with the
 * webhook's https rule left to the service, which knows SLACK_ALLOWED_PRIVATE_HOSTS (those may be
 * http). A field left out keeps its value; `slackWebhookUrl: null` removes the webhook.
 */
export const notificationSettingsBodySchema = z
  .object({
    slackWebhookUrl: z.string().trim().max(2048).nullable(),
    quietHours: quietHoursSchema,
    timeZone: timeZoneSchema,
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to update',
  });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

/** Checks a webhook URL as typed and where it leads; answers it or throws a 400 on the field. */
async function checkSlackWebhook(ctx: AppContext, url: string): Promise<string> {
  const allowed = ctx.config.slackAllowedPrivateHosts;
  let isAllowedHost = false;
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
    isAllowedHost = allowed.includes(parsed.hostname) || allowed.includes(`${parsed.hostname}:${port}`);
  } catch {}
  if (!isAllowedHost) {
    const shape = slackWebhookUrlSchema.safeParse(url);
    if (!shape.success) {
      const message = shape.error.issues[0]?.message ?? 'Invalid URL';
      throw invalid(message, { slackWebhookUrl: message });
    }
  }
  try {
    await checkWebhookUrl(url, allowed);
  } catch (error) {
    if (error instanceof SlackAddressError) throw invalid(error.message, { slackWebhookUrl: error.message });
    throw error;
  }
  return url;
}

/** `PUT /workspace/notification-settings` (admins). */
export async function updateNotificationSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const changes: Parameters<typeof upsertNotificationSettings>[2] = {};
  if (body.slackWebhookUrl !== undefined) {
    changes.slackWebhookUrl = body.slackWebhookUrl
      ? await checkSlackWebhook(ctx, body.slackWebhookUrl)
      : null;
  }
  if (body.quietHours) {
    changes.quietHoursStart = body.quietHours.start;
    changes.quietHoursEnd = body.quietHours.end;
  }
  if (body.timeZone) changes.timeZone = body.timeZone;
  const row = await upsertNotificationSettings(ctx.db, actor.workspaceId, changes, ctx.now());
  return toWorkspaceSettings(row);
}
