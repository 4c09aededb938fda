import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

// The webhook events outbox and its deliveries (docs/decisions/036-webhooks.md): raw statements,
// each one round trip, since a delivery batch claims and records many rows at once.

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const idsIn = (ids: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${json(ids)}))`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface NewWebhookEvents {
  workspaceId: string;
  type: string;
  /** One event per element. */
  data: Record<string, unknown>[];
  occurredAt: Date;
}

/**
 * Writes events and one delivery per event and enabled webhook of its workspace subscribed to its
 * type (or, for a test event, to the one webhook named), in one statement of the caller's
 * transaction. No webhook, no event. Answers the deliveries' ids.
 */
export async function insertEventsWithDeliveries(
  tx: Executor,
  events: NewWebhookEvents,
  retryUntil: Date,
  onlyWebhookId?: string,
): Promise<string[]> {
  if (events.data.length === 0) return [];
  const targets = onlyWebhookId
    ? sql`select id from webhooks where id = ${onlyWebhookId} and workspace_id = ${events.workspaceId}`
    : sql`select id from webhooks where workspace_id = ${events.workspaceId} and status = 'enabled' and ${events.type} = any(events)`;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`with targets as (${targets}),
      event as (
        insert into webhook_events (workspace_id, type, data, occurred_at)
        select ${events.workspaceId}::uuid, ${events.type}::text, item.value, ${at(events.occurredAt)}
        from jsonb_array_elements(${json(events.data)}) as item
        where exists (select 1 from targets)
        returning id
      )
      insert into webhook_deliveries (workspace_id, webhook_id, event_id, next_attempt_at, retry_until)
      select ${events.workspaceId}::uuid, targets.id, event.id, ${at(events.occurredAt)}, ${at(retryUntil)}
      from targets, event
      returning id`,
  );
  return rows.map((row) => row.id);
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  workspaceId: string;
  url: string;
  secret: string;
  /** The secret before the last rotation, and until when it signs too (ms since the epoch). */
  previousSecret: string | null;
  previousSecretUntilMs: number | null;
  eventId: string;
  eventType: string;
  /** The event's data as stored (JSON text). */
  dataJson: string;
  occurredAt: string;
  retryUntilMs: number;
  /** Attempts made before this claim. */
  attemptCount: number;
}

/**
 * Claims pending deliveries of enabled webhooks: `sending` until `leaseUntil`, committed before
 * any request leaves. A delivery already claimed, done, or of a disabled webhook is not answered.
 */
export function claimDeliveries(
  db: Executor,
  ids: readonly string[],
  leaseUntil: Date,
): Promise<ClaimedDelivery[]> {
  return rowsOf<ClaimedDelivery>(
    db,
    sql`update webhook_deliveries d
      set status = 'sending', next_attempt_at = ${at(leaseUntil)}, updated_at = now()
      from webhooks w, webhook_events e
      where d.id in ${idsIn(ids)} and d.status = 'pending'
        and w.id = d.webhook_id and w.status = 'enabled' and e.id = d.event_id
        and not exists (select 1 from workspaces ws where ws.id = d.workspace_id and ws.deletion_due_at is not null)
      returning d.id, d.webhook_id as "webhookId", d.workspace_id as "workspaceId", w.url, w.secret,
        w.previous_secret as "previousSecret",
        (extract(epoch from w.previous_secret_expires_at) * 1000)::float8 as "previousSecretUntilMs",
        e.id as "eventId", e.type as "eventType", e.data::text as "dataJson",
        to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
        (extract(epoch from d.retry_until) * 1000)::float8 as "retryUntilMs",
        d.attempt_count as "attemptCount"`,
  );
}

export interface AttemptResult {
  deliveryId: string;
  webhookId: string;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** What the delivery becomes: delivered, pending again (at `nextAttemptAt`), or failed. */
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * Records attempts (each a row of the log) and what became of their deliveries, and marks each
 * webhook as failing since its first failure here or as answering again, in one statement. The
 * delivery job records its results in chunks as requests end, so a worker that dies leaves few
 * to send again. Only deliveries still claimed are changed.
 */
export async function recordAttempts(db: Executor, results: readonly AttemptResult[]): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((result) => ({
    delivery_id: result.deliveryId,
    webhook_id: result.webhookId,
    attempted_at: result.attemptedAt.toISOString(),
    status_code: result.statusCode,
    duration_ms: result.durationMs,
    response_excerpt: result.responseExcerpt,
    error: result.error,
    status: result.status,
    next_attempt_at: result.nextAttemptAt?.toISOString() ?? null,
  }));
  await db.execute(sql`with x as (
      select * from jsonb_to_recordset(${json(rows)}) as x(delivery_id uuid, webhook_id uuid,
        attempted_at timestamptz, status_code int, duration_ms int, response_excerpt text, error text,
        status text, next_attempt_at timestamptz)
    ),
    attempts as (
      insert into webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_excerpt, error)
      select delivery_id, attempted_at, status_code, duration_ms, response_excerpt, error from x
    ),
    deliveries as (
      update webhook_deliveries d set status = x.status, attempt_count = d.attempt_count + 1,
        next_attempt_at = coalesce(x.next_attempt_at, d.next_attempt_at),
        delivered_at = case when x.status = 'delivered' then x.attempted_at else d.delivered_at end,
        updated_at = now()
      from x where d.id = x.delivery_id and d.status = 'sending'
    ),
    hooks as (
      select webhook_id, bool_or(status = 'delivered') as answered, min(attempted_at) as failed_at
      from x group by webhook_id
    )
    update webhooks w
    set failing_since = case when h.answered then null else coalesce(w.failing_since, h.failed_at) end
    from hooks h where w.id = h.webhook_id and h.answered = (w.failing_since is not null)`);
}

export interface DisabledWebhook {
  id: string;
  workspaceId: string;
  url: string;
}

/**
 * Turns off the webhooks among `webhookIds` failing since `failingBefore` or earlier; their
 * pending deliveries fail with the reason. Answers those it turned off (once: a second worker finds
 * them off already).
 */
export async function disableFailingWebhooks(
  tx: Executor,
  webhookIds: readonly string[],
  failingBefore: Date,
  now: Date,
  reason: string,
): Promise<DisabledWebhook[]> {
  if (webhookIds.length === 0) return [];
  const disabled = await rowsOf<DisabledWebhook>(
    tx,
    sql`update webhooks set status = 'disabled', disabled_at = ${at(now)}, disabled_reason = ${reason},
        updated_at = now()
      where id in ${idsIn(webhookIds)} and status = 'enabled' and failing_since <= ${at(failingBefore)}
      returning id, workspace_id as "workspaceId", url`,
  );
  await failPendingDeliveries(
    tx,
    disabled.map((row) => row.id),
  );
  return disabled;
}

/** The pending deliveries of webhooks turned off: they will not leave (a person may redeliver them). */
export async function failPendingDeliveries(tx: Executor, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await tx.execute(sql`update webhook_deliveries set status = 'failed', updated_at = now()
    where webhook_id in ${idsIn(webhookIds)} and status = 'pending'`);
}

/**
 * Deliveries a dead worker left claimed past their lease: pending again at once, with an attempt
 * recorded saying so. They may have arrived: they leave again with the same `webhook-id`, which
 * receivers use to drop a duplicate (Standard Webhooks).
 */
export async function requeueInterruptedDeliveries(
  db: Executor,
  now: Date,
  error: string,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with due as materialized (
        select id from webhook_deliveries where status = 'sending' and next_attempt_at <= ${at(now)}
        order by next_attempt_at limit 500 for update skip locked
      ),
      interrupted as (
        update webhook_deliveries d set status = 'pending', attempt_count = d.attempt_count + 1,
          next_attempt_at = ${at(now)}, updated_at = now()
        from due where d.id = due.id
        returning d.id
      ),
      logged as (
        insert into webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, error)
        select id, ${at(now)}, null, 0, ${error} from interrupted
      )
      select id from interrupted`,
  );
  return rows.map((row) => row.id);
}

/**
 * Pending deliveries of enabled webhooks due before `dueBefore` (their job lost, or their
 * retry's): their next attempt is pushed to `retryAt`, so the next sweep does not dispatch them
 * again while they wait. A turned-off webhook's wait until it is turned on again. The locked pick
 * is read once (a materialised CTE; the outbox's `claimOverdueMessages` says why).
 */
export async function claimOverdueDeliveries(
  db: Executor,
  dueBefore: Date,
  retryAt: Date,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with due as materialized (
        select id from webhook_deliveries where status = 'pending' and next_attempt_at <= ${at(dueBefore)}
          and webhook_id in (select id from webhooks where status = 'enabled')
        order by next_attempt_at limit ${limit} for update skip locked)
      update webhook_deliveries d set next_attempt_at = ${at(retryAt)}
      from due where d.id = due.id
      returning d.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * A delivered or failed delivery starts again (Redeliver): pending now, retried for another day.
 * Answers false when it is still pending or being sent.
 */
export async function restartDelivery(
  tx: Executor,
  webhookId: string,
  deliveryId: string,
  now: Date,
  retryUntil: Date,
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update webhook_deliveries set status = 'pending', next_attempt_at = ${at(now)},
        retry_until = ${at(retryUntil)}, updated_at = now()
      where id = ${deliveryId} and webhook_id = ${webhookId} and status in ('delivered', 'failed')
      returning id`,
  );
  return rows.length > 0;
}
