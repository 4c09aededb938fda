import {
  type CreateWebhookBody,
  totalPagesOf,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookWithSecret,
  webhookTestEventType,
  webhookUrlSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { checkOutboundUrl, OutboundAddressError } from '../../net/outbound-http.js';
import { recordAudit } from '../audit/audit.service.js';
import { webhookAddressMessages } from './webhook-address.js';
import { dispatchWebhookDeliveries } from './webhook-dispatch.js';
import {
  failPendingDeliveries,
  insertEventsWithDeliveries,
  restartDelivery,
} from './webhook-outbox.repository.js';
import { newWebhookSecret, webhookMessageId } from './webhook-signature.js';
import {
  type AttemptRow,
  type DeliveryListRow,
  deleteWebhookRow,
  findAttemptsOf,
  findDelivery,
  findDeliveryPage,
  findSubscribedEventTypes,
  findWorkspaceWebhook,
  findWorkspaceWebhooks,
  insertWebhook,
  updateWebhookRow,
  type WebhookRow,
} from './webhooks.repository.js';

// Workspace webhooks (docs/decisions/036-webhooks.md). Other modules record their events through
// `recordWebhookEvents` inside the transaction of the change, and dispatch the deliveries it answers
// after the commit with `dispatchWebhookDeliveries`.

export { dispatchWebhookDeliveries };

const retryDayMs = 24 * 60 * 60 * 1000;
const webhookNotFound = () => notFound('Webhook not found');

/**
 * Records events (one per element of `data`) for the workspace's webhooks subscribed to their
 * type, in the caller's transaction; answers the deliveries to dispatch after the commit. A
 * workspace without such a webhook (most, and the answer comes from memory) writes nothing.
 * `data` may be a function, called only when a webhook will receive the events.
 */
export async function recordWebhookEvents(
  ctx: AppContext,
  tx: Executor,
  event: {
    workspaceId: string;
    type: WebhookEventType;
    data: Record<string, unknown>[] | (() => Record<string, unknown>[]);
  },
): Promise<string[]> {
  if (!(await hasWebhooksFor(ctx, event.workspaceId, event.type, tx))) return [];
  const occurredAt = ctx.now();
  const data = typeof event.data === 'function' ? event.data() : event.data;
  return insertEventsWithDeliveries(
    tx,
    { workspaceId: event.workspaceId, type: event.type, data, occurredAt },
    new Date(occurredAt.getTime() + retryDayMs),
  );
}

/**
 * Whether an event of this type would go anywhere: the cheap question to ask before building its
 * data. Inside a transaction, pass it: a miss reads through it (the embedded database runs one
 * statement at a time, so a read beside an open transaction would wait for it forever).
 */
export async function hasWebhooksFor(
  ctx: AppContext,
  workspaceId: string,
  type: WebhookEventType,
  db: Executor = ctx.db,
): Promise<boolean> {
  const events = await ctx.webhookCache.readThrough(workspaceId, ctx.now(), () =>
    findSubscribedEventTypes(db, workspaceId),
  );
  return events.has(type);
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    webhookId: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    isEnabled: row.status === 'enabled',
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withSecret = (row: WebhookRow): WebhookWithSecret => ({
  ...toWebhook(row),
  secret: row.secret,
  previousSecretExpiresAt: row.previousSecret ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
});

/** How long a rotated-out secret keeps signing, so receivers can switch without losing a request. */
const previousSecretValidityMs = 24 * 60 * 60 * 1000;

/** The audit log keeps a webhook's origin only: its path may hold a token of the receiver. */
const auditTarget = (row: WebhookRow) => ({ type: 'webhook', id: row.id, label: new URL(row.url).origin });
const audited = (row: WebhookRow) => ({
  url: `${new URL(row.url).origin}/…`,
  events: row.events,
  isEnabled: row.status === 'enabled',
});

/**
 * Checks a URL as typed and where it leads; answers it or throws a 400 on the field. Hosts the
 * operator allowed (WEBHOOK_ALLOWED_PRIVATE_HOSTS) may be private and use http.
 */
async function checkWebhookUrl(ctx: AppContext, url: string): Promise<string> {
  const allowed = ctx.config.webhookAllowedPrivateHosts;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const port = parsed ? parsed.port || (parsed.protocol === 'https:' ? '443' : '80') : '';
  const isAllowedHost =
    parsed !== undefined &&
    (allowed.includes(parsed.hostname) || allowed.includes(`${parsed.hostname}:${port}`));
  if (!isAllowedHost) {
    const shape = webhookUrlSchema.safeParse(url);
    if (!shape.success) {
      const message = shape.error.issues[0]?.message ?? 'Invalid URL';
      throw invalid(message, { url: message });
    }
  }
  try {
    await checkOutboundUrl(url, allowed, webhookAddressMessages);
  } catch (error) {
    if (error instanceof OutboundAddressError) throw invalid(error.message, { url: error.message });
    throw error;
  }
  return url;
}

/** `GET /webhooks` (admins): oldest first, without their secrets. */
export async function listWebhooks(ctx: AppContext, actor: WorkspaceActor): Promise<{ webhooks: Webhook[] }> {
  return { webhooks: (await findWorkspaceWebhooks(ctx.db, actor.workspaceId)).map(toWebhook) };
}

/** `GET /webhooks/{id}` (admins): with its signing secret. */
export async function getWebhook(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<WebhookWithSecret> {
  const row = await findWorkspaceWebhook(ctx.db, actor.workspaceId, id);
  if (!row) throw webhookNotFound();
  return withSecret(row);
}

/** `POST /webhooks` (admins): a new webhook with a new secret, enabled. */
export async function createWebhook(
  ctx: AppContext,
  actor: WorkspaceActor,
  body: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  const url = await checkWebhookUrl(ctx, body.url);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertWebhook(tx, {
      workspaceId: actor.workspaceId,
      url,
      description: body.description,
      events: body.events,
      secret: newWebhookSecret(),
      createdByAccountId: actor.accountId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(ctx, tx, actor, 'webhook.created', auditTarget(inserted), { after: audited(inserted) });
    return inserted;
  });
  ctx.webhookCache.forget(actor.workspaceId);
  return withSecret(row);
}

/** `PATCH /webhooks/{id}` (admins): address, description, events, on or off. */
export async function updateWebhook(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookWithSecret> {
  const url = body.url === undefined ? undefined : await checkWebhookUrl(ctx, body.url);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspaceWebhook(tx, actor.workspaceId, id, { forUpdate: true });
    if (!before) throw webhookNotFound();
    const changes: Parameters<typeof updateWebhookRow>[2] = {};
    if (url !== undefined) changes.url = url;
    if (body.description !== undefined) changes.description = body.description;
    if (body.events !== undefined) changes.events = body.events;
    if (body.isEnabled !== undefined && body.isEnabled !== (before.status === 'enabled')) {
      changes.status = body.isEnabled ? 'enabled' : 'disabled';
      changes.disabledAt = body.isEnabled ? null : now;
      changes.disabledReason = body.isEnabled ? null : 'Turned off by an admin.';
      changes.failingSince = null;
    }
    const after = await updateWebhookRow(tx, id, changes, now);
    if (changes.status === 'disabled') await failPendingDeliveries(tx, [id]);
    await recordAudit(ctx, tx, actor, 'webhook.changed', auditTarget(after), {
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
  ctx.webhookCache.forget(actor.workspaceId);
  return withSecret(row);
}

/**
 * `POST /webhooks/{id}/rotate-secret` (admins): a new secret signs from now on; the one it
 * replaces signs too for 24 hours (decision 047). Rotating again drops the older one at once.
 */
export async function rotateWebhookSecret(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<WebhookWithSecret> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspaceWebhook(tx, actor.workspaceId, id, { forUpdate: true });
    if (!before) throw webhookNotFound();
    const after = await updateWebhookRow(
      tx,
      id,
      {
        secret: newWebhookSecret(),
        previousSecret: before.secret,
        previousSecretExpiresAt: new Date(now.getTime() + previousSecretValidityMs),
      },
      now,
    );
    await recordAudit(ctx, tx, actor, 'webhook.secret-rotated', auditTarget(after));
    return after;
  });
  return withSecret(row);
}

/** `DELETE /webhooks/{id}` (admins): the webhook and its delivery log. */
export async function deleteWebhook(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<{ webhookId: string }> {
  await ctx.db.transaction(async (tx) => {
    const row = await findWorkspaceWebhook(tx, actor.workspaceId, id, { forUpdate: true });
    if (!row) throw webhookNotFound();
    await deleteWebhookRow(tx, id);
    await recordAudit(ctx, tx, actor, 'webhook.deleted', auditTarget(row), { before: audited(row) });
  });
  ctx.webhookCache.forget(actor.workspaceId);
  return { webhookId: id };
}

function toDelivery(row: DeliveryListRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    deliveryId: row.id,
    eventId: webhookMessageId(row.eventId),
    eventType: row.eventType,
    status: row.status === 'sending' ? 'pending' : row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

async function withAttempts(ctx: AppContext, rows: DeliveryListRow[]): Promise<WebhookDelivery[]> {
  const attempts = await findAttemptsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toDelivery(
      row,
      attempts.filter((attempt) => attempt.deliveryId === row.id),
    ),
  );
}

/** `GET /webhooks/{id}/deliveries` (admins): the delivery log, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveriesResponse> {
  const webhook = await findWorkspaceWebhook(ctx.db, actor.workspaceId, id);
  if (!webhook) throw webhookNotFound();
  const { rows, total } = await findDeliveryPage(ctx.db, id, query.page, query.limit);
  return {
    deliveries: await withAttempts(ctx, rows),
    pagination: { page: query.page, limit: query.limit, total, totalPages: totalPagesOf(total, query.limit) },
  };
}

const disabledMessage = 'The webhook is turned off: turn it on first.';

/**
 * `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver` (admins): sends a delivered or failed
 * event again, with the same `webhook-id`, retried for another day.
 */
export async function redeliverWebhookDelivery(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const webhook = await findWorkspaceWebhook(ctx.db, actor.workspaceId, id);
  if (!webhook) throw webhookNotFound();
  if (!(await findDelivery(ctx.db, id, deliveryId))) throw notFound('Delivery not found');
  if (webhook.status !== 'enabled') throw conflict(disabledMessage);
  const now = ctx.now();
  const isRestarted = await restartDelivery(
    ctx.db,
    id,
    deliveryId,
    now,
    new Date(now.getTime() + retryDayMs),
  );
  if (!isRestarted) throw conflict('This delivery is still being attempted.');
  dispatchWebhookDeliveries(ctx, [deliveryId]);
  const [delivery] = await withAttempts(ctx, [(await findDelivery(ctx.db, id, deliveryId))!]);
  return delivery!;
}

/** `POST /webhooks/{id}/test` (admins): a `webhook.test` event to this webhook only. */
export async function sendTestEvent(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<WebhookDelivery> {
  const webhook = await findWorkspaceWebhook(ctx.db, actor.workspaceId, id);
  if (!webhook) throw webhookNotFound();
  if (webhook.status !== 'enabled') throw conflict(disabledMessage);
  const occurredAt = ctx.now();
  const [deliveryId] = await insertEventsWithDeliveries(
    ctx.db,
    {
      workspaceId: actor.workspaceId,
      type: webhookTestEventType,
      data: [
        { webhookId: id, message: 'A test event from Graphium: your endpoint received and can verify it.' },
      ],
      occurredAt,
    },
    new Date(occurredAt.getTime() + retryDayMs),
    id,
  );
  dispatchWebhookDeliveries(ctx, [deliveryId!]);
  const [delivery] = await withAttempts(ctx, [(await findDelivery(ctx.db, id, deliveryId!))!]);
  return delivery!;
}
