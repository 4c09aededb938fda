import type { AppContext } from '../../context.js';
import { checkOutboundUrl, postToCheckedUrl } from '../../net/outbound-http.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import {
  dispatchMessages,
  queueMessages,
  renderEmail,
  retryDelaySeconds,
} from '../delivery/delivery.service.js';
import { findActiveMembers } from '../workspaces/workspaces.service.js';
import { webhookAddressMessages } from './webhook-address.js';
import { dispatchWebhookDeliveries } from './webhook-dispatch.js';
import {
  type AttemptResult,
  type ClaimedDelivery,
  claimDeliveries,
  claimOverdueDeliveries,
  type DisabledWebhook,
  disableFailingWebhooks,
  recordAttempts,
  requeueInterruptedDeliveries,
} from './webhook-outbox.repository.js';
import { signedWebhookHeaders, webhookMessageId } from './webhook-signature.js';

// Delivering webhooks (docs/decisions/036-webhooks.md): claimed, sent, recorded; retried with the
// outbox's backoff (15 s doubling to 15 minutes, decision 014) with jitter for a day; a webhook
// failing for a day is turned off and its workspace's admins told by e-mail.

/** An endpoint not answering fails the attempt after this long. */
const requestTimeoutMs = 10_000;

/** The secrets that sign now: the webhook's, and a rotated-out one for its last 24 hours (decision 047). */
function signingSecretsOf(delivery: ClaimedDelivery, now: Date): string[] {
  const { previousSecret, previousSecretUntilMs } = delivery;
  const isPreviousValid =
    previousSecret !== null && previousSecretUntilMs !== null && previousSecretUntilMs > now.getTime();
  return isPreviousValid ? [delivery.secret, previousSecret] : [delivery.secret];
}
/** Requests of one batch in flight at once. */
const batchConcurrency = 16;
/** Results recorded per statement. */
const recordChunk = 16;
const excerptLength = 500;
const dayMs = 24 * 60 * 60 * 1000;
/** The sweep dispatches a pending delivery this long after it was due (its job was lost). */
const sweepGraceMs = 60_000;

const disabledReason = 'Turned off after failing for 24 hours.';
const interruptedError =
  'The worker stopped while sending; sent again with the same webhook-id (it may have arrived).';

/** The delay before attempt `attempt + 1`, the outbox's backoff with ±20% jitter (seconds). */
export function webhookRetryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  return Math.max(1, Math.round(retryDelaySeconds(attempt) * (0.8 + 0.4 * random())));
}

/** The body every attempt of an event posts: the same bytes each time. */
function bodyOf(delivery: ClaimedDelivery): string {
  return `{"type":${JSON.stringify(delivery.eventType)},"timestamp":${JSON.stringify(delivery.occurredAt)},"data":${delivery.dataJson}}`;
}

async function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<AttemptResult> {
  const started = performance.now();
  const attemptedAt = ctx.now();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const body = bodyOf(delivery);
  const base = { deliveryId: delivery.id, webhookId: delivery.webhookId, attemptedAt };
  let statusCode: number | null = null;
  let responseExcerpt: string | null = null;
  let error: string | null = null;
  try {
    // Checked again at each send: the host may resolve elsewhere than when it was saved.
    const checked = await checkOutboundUrl(
      delivery.url,
      ctx.config.webhookAllowedPrivateHosts,
      webhookAddressMessages,
    );
    const response = await postToCheckedUrl(
      checked,
      {
        body,
        headers: signedWebhookHeaders(
          signingSecretsOf(delivery, attemptedAt),
          webhookMessageId(delivery.eventId),
          timestamp,
          body,
        ),
        timeoutMs: requestTimeoutMs,
        name: 'The endpoint',
      },
      excerptLength,
    );
    statusCode = response.status;
    responseExcerpt = response.excerpt.slice(0, excerptLength) || null;
    if (response.status >= 300 && response.status < 400) error = 'A redirect, which is not followed.';
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const durationMs = Math.round(performance.now() - started);
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    return {
      ...base,
      statusCode,
      durationMs,
      responseExcerpt,
      error: null,
      status: 'delivered',
      nextAttemptAt: null,
    };
  }
  return { ...base, statusCode, durationMs, responseExcerpt, error, status: 'pending', nextAttemptAt: null };
}

function notSent(ctx: AppContext, delivery: ClaimedDelivery): AttemptResult {
  return {
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    attemptedAt: ctx.now(),
    statusCode: null,
    durationMs: 0,
    responseExcerpt: null,
    error: 'Not sent: the endpoint did not answer an earlier request of the same batch.',
    status: 'pending',
    nextAttemptAt: null,
  };
}

/** The next attempt of a failed one, or none when its day of retries is over. */
function scheduleRetry(result: AttemptResult, attemptNumber: number, retryUntilMs: number): AttemptResult {
  if (result.status !== 'pending') return result;
  const next = result.attemptedAt.getTime() + webhookRetryDelaySeconds(attemptNumber) * 1000;
  return next > retryUntilMs
    ? { ...result, status: 'failed', nextAttemptAt: null }
    : { ...result, nextAttemptAt: new Date(next) };
}

/**
 * The job handler: delivers these deliveries once each (a delivery not pending, claimed by another
 * worker or done, is skipped), records every attempt, queues the retries and turns off webhooks
 * failing for a day. Answers how each went.
 */
export async function deliverWebhooks(
  ctx: AppContext,
  deliveryIds: readonly string[],
): Promise<AttemptResult[]> {
  const now = ctx.now();
  // The claim's lease is the outbox's (DELIVERY_LEASE_SECONDS, 120 s by default): a batch of 100,
  // 16 at a time, ends well within it, as an endpoint that does not answer is not asked again in it.
  const leaseUntil = new Date(now.getTime() + ctx.config.deliveryLeaseSeconds * 1000);
  const claimed = await claimDeliveries(ctx.db, deliveryIds, leaseUntil);
  if (claimed.length === 0) return [];
  const results: AttemptResult[] = [];
  // Results are recorded in chunks as requests end: one statement per chunk, and a worker that
  // dies leaves at most the requests in flight and a chunk unrecorded.
  let unrecorded: AttemptResult[] = [];
  const recordings: Promise<void>[] = [];
  const record = () => {
    if (unrecorded.length === 0) return;
    const recording = recordAttempts(ctx.db, unrecorded);
    // Awaited below with the others; until then a failure must not count as unhandled.
    recording.catch(() => {});
    recordings.push(recording);
    unrecorded = [];
  };
  // An endpoint that did not answer one request of the batch is not asked again in it: a dead
  // endpoint costs the batch one timeout, not one per delivery.
  const unanswering = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next]!;
      next += 1;
      const tried = unanswering.has(delivery.webhookId)
        ? notSent(ctx, delivery)
        : await attempt(ctx, delivery);
      if (tried.statusCode === null) unanswering.add(delivery.webhookId);
      const result = scheduleRetry(tried, delivery.attemptCount + 1, delivery.retryUntilMs);
      results.push(result);
      unrecorded.push(result);
      if (unrecorded.length >= recordChunk) record();
    }
  };
  await Promise.all(Array.from({ length: Math.min(batchConcurrency, claimed.length) }, worker));
  record();
  await Promise.all(recordings);
  const recordedAt = ctx.now();
  const failedWebhooks = [
    ...new Set(results.filter((result) => result.status !== 'delivered').map((result) => result.webhookId)),
  ];
  const { disabled, emailIds } =
    failedWebhooks.length === 0
      ? { disabled: [], emailIds: [] }
      : await ctx.db.transaction(async (tx) => {
          const turnedOff = await disableFailingWebhooks(
            tx,
            failedWebhooks,
            new Date(recordedAt.getTime() - dayMs),
            recordedAt,
            disabledReason,
          );
          return { disabled: turnedOff, emailIds: await tellAdmins(ctx, tx, turnedOff) };
        });
  for (const webhook of disabled) ctx.webhookCache.forget(webhook.workspaceId);
  if (emailIds.length > 0) await dispatchMessages(ctx, emailIds);
  for (const result of results) {
    if (
      result.status === 'pending' &&
      result.nextAttemptAt &&
      !disabled.some((webhook) => webhook.id === result.webhookId)
    ) {
      const delay = Math.max(0, Math.ceil((result.nextAttemptAt.getTime() - recordedAt.getTime()) / 1000));
      dispatchWebhookDeliveries(ctx, [result.deliveryId], delay);
    }
  }
  return results;
}

/** E-mails the admins of each workspace whose webhook was turned off, in the caller's transaction. */
async function tellAdmins(
  ctx: AppContext,
  tx: Parameters<typeof queueMessages>[0],
  disabled: DisabledWebhook[],
): Promise<string[]> {
  const messages: Parameters<typeof queueMessages>[1] = [];
  for (const webhook of disabled) {
    await recordAuditEvent(ctx, tx, {
      workspaceId: webhook.workspaceId,
      who: { kind: 'system', label: 'Webhook deliveries' },
      action: 'webhook.disabled',
      target: { type: 'webhook', id: webhook.id, label: new URL(webhook.url).origin },
      details: { reason: disabledReason },
    });
    const admins = (await findActiveMembers(tx, webhook.workspaceId)).filter(
      (member) => member.role === 'admin',
    );
    const email = renderEmail({
      subject: 'A webhook was turned off after failing for a day',
      heading: 'A webhook was turned off',
      paragraphs: [
        `Deliveries to ${webhook.url} have failed for 24 hours, so the webhook was turned off and no more events are sent to it.`,
        'Check the endpoint, look at its delivery log, then turn the webhook back on and redeliver the events it missed.',
      ],
      action: { label: 'Open webhooks', url: `${ctx.config.publicUrl}/settings/webhooks/${webhook.id}` },
      footnote: 'You receive this because you are an admin of the workspace.',
    });
    for (const admin of admins) {
      messages.push({
        workspaceId: webhook.workspaceId,
        channel: 'email',
        purpose: 'webhook-disabled',
        recipient: admin.emailAddress,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
      });
    }
  }
  return queueMessages(tx, messages);
}

/**
 * Every minute: deliveries a dead worker left claimed leave again (same id), and pending ones
 * whose job was lost are dispatched. Answers how many were dispatched.
 */
export async function sweepWebhooks(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const interrupted = await requeueInterruptedDeliveries(ctx.db, now, interruptedError);
  if (interrupted.length > 0)
    ctx.log.warn({ count: interrupted.length }, 'webhook deliveries interrupted while sending sent again');
  const overdue = await claimOverdueDeliveries(
    ctx.db,
    new Date(now.getTime() - sweepGraceMs),
    new Date(now.getTime() + 10 * 60 * 1000),
    1000,
  );
  const ids = [...interrupted, ...overdue];
  dispatchWebhookDeliveries(ctx, ids);
  return ids.length;
}
