import {
  defaultPhoneCountry,
  defaultQuietHours,
  defaultTimeZone,
  type NotificationSettings,
  type QuietHours,
  slackWebhookUrlSchema,
  type UpdateNotificationSettingsBody,
} from '@graphium/shared';
import { hasRole, type WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invalid } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { checkWebhookUrl, SlackAddressError } from '../delivery/delivery.service.js';
import {
  findNotificationSettings,
  findNotificationSettingsOf,
  type NotificationSettingsRow,
  upsertNotificationSettings,
} from './notifications.repository.js';

/** A workspace's settings with the defaults filled in (no row: no webhook, 21:00-08:00 UTC). */
export interface WorkspaceNotificationSettings {
  slackWebhookUrl: string | null;
  quietHours: QuietHours;
  timeZone: string;
  phoneCountry: string;
}

function toWorkspaceSettings(row: NotificationSettingsRow | undefined): WorkspaceNotificationSettings {
  return {
    slackWebhookUrl: row?.slackWebhookUrl ?? null,
    quietHours: row
      ? { start: row.quietHoursStart, end: row.quietHoursEnd }
      : { start: defaultQuietHours.start, end: defaultQuietHours.end },
    timeZone: row?.timeZone ?? defaultTimeZone,
    phoneCountry: row?.phoneCountry ?? defaultPhoneCountry,
  };
}

/** The workspace's time zone (UTC without settings): digests and the dashboard's days use it (decision 035). */
export async function loadTimeZone(db: Executor, workspaceId: string): Promise<string> {
  return (await findNotificationSettings(db, workspaceId))?.timeZone ?? defaultTimeZone;
}

/** The workspace's default country for phone numbers (decision 021). */
export async function loadPhoneCountry(db: Executor, workspaceId: string): Promise<string> {
  return (await findNotificationSettings(db, workspaceId))?.phoneCountry ?? defaultPhoneCountry;
}

async function loadNotificationSettings(
  db: Executor,
  workspaceId: string,
): Promise<WorkspaceNotificationSettings> {
  return toWorkspaceSettings(await findNotificationSettings(db, workspaceId));
}

/** The settings of several workspaces at once, defaults filled in, by workspace id. */
export async function loadNotificationSettingsOf(
  db: Executor,
  workspaceIds: string[],
): Promise<Map<string, WorkspaceNotificationSettings>> {
  const rows = await findNotificationSettingsOf(db, workspaceIds);
  return new Map(
    workspaceIds.map((id) => [id, toWorkspaceSettings(rows.find((row) => row.workspaceId === id))]),
  );
}

/**
 * `GET /workspace/notification-settings`. The webhook URL is a credential (whoever has it posts
 * to the channel): only admins see it whole, others its origin.
 */
export async function getNotificationSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<NotificationSettings> {
  const settings = await loadNotificationSettings(ctx.db, actor.workspaceId);
  if (settings.slackWebhookUrl && !(actor.role && hasRole(actor.role, 'admin'))) {
    settings.slackWebhookUrl = `${new URL(settings.slackWebhookUrl).origin}/…`;
  }
  return settings;
}

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

/** The webhook URL is a credential: the audit log keeps only its origin. */
function audited(settings: WorkspaceNotificationSettings) {
  const url = settings.slackWebhookUrl;
  return { ...settings, slackWebhookUrl: url ? `${new URL(url).origin}/…` : null };
}

/** `PUT /workspace/notification-settings` (admins). */
export async function updateNotificationSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
  body: UpdateNotificationSettingsBody,
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
  if (body.phoneCountry) changes.phoneCountry = body.phoneCountry;
  return ctx.db.transaction(async (tx) => {
    const before = await loadNotificationSettings(tx, actor.workspaceId);
    const after = toWorkspaceSettings(
      await upsertNotificationSettings(tx, actor.workspaceId, changes, ctx.now()),
    );
    const target = { type: 'notification-settings', label: 'Notification settings' };
    await recordAudit(ctx, tx, actor, 'notification-settings.changed', target, {
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
