import type { SurveyDelivery } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { deliverMessageJob, deliverMessagesJob, deliveryBatchSize } from './delivery.jobs.js';
import { channelOf, configuredChannels, SkipDelivery } from './delivery-channels.js';
import { deliveryAttemptLimit, isPermanentFailure, retryDelaySeconds } from './failures.js';
import {
  claimOverdueMessages,
  claimQueuedMessage,
  countQueuedMessages,
  endInterruptedMessages,
  findFailedMessagesOf,
  findOutboxMessage,
  findRecentFailedMessages,
  findSurveyMessages,
  insertOutboxMessage,
  insertOutboxMessages,
  markMessageHandedOver,
  markMessageSent,
  type NewOutboxMessage,
  type OutboxMessage,
  requeueFailedMessage,
  suppressedMessage,
  updateClaimedMessage,
  updateOutboxMessage,
} from './outbox.repository.js';

export type { EmailScaleInput } from './email-scale.js';
export { retryDelaySeconds } from './failures.js';
// The delivery module's public surface: queueing and dispatching messages, the messages' texts,
// unsubscribe links and the checks on webhook addresses.
export { escapeHtml } from './html.js';
export {
  type AlertMatch,
  type AlertNotification,
  type RenderedEmail,
  renderAlertEmail,
  renderAlertSlackText,
  renderEmail,
  renderInvitationEmail,
  renderPasswordResetEmail,
  renderSurveyEmail,
  renderSurveyReminderEmail,
  renderSurveyReminderSms,
  renderSurveySms,
} from './messages.js';
export { checkWebhookUrl, SlackAddressError } from './transports/slack.js';
export { readUnsubscribeToken, unsubscribeOf } from './unsubscribe-link.js';
export type { NewOutboxMessage, OutboxMessage };
export { countQueuedMessages, findOutboxMessage, findRecentFailedMessages, findSurveyMessages };

const sweepGraceSeconds = 300;

/** A survey's message as staff see it. */
export function toSurveyDelivery(message: OutboxMessage): SurveyDelivery {
  return {
    outboxId: message.id,
    channel: message.channel,
    recipient: message.recipient,
    // A message being handed to the transport still reads as queued.
    status: message.status === 'sending' ? 'queued' : message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    sentAt: message.sentAt?.toISOString() ?? null,
    updatedAt: message.updatedAt.toISOString(),
  };
}

/**
 * The messages that finally failed (after every retry, or refused for good), by the survey (or
 * survey alert) they belong to: staff see them there, with a way to send a survey's again.
 */
export async function findUndelivered(
  db: Executor,
  owner: 'surveyId' | 'surveyAlertId',
  ids: string[],
): Promise<Map<string, SurveyDelivery[]>> {
  const byOwner = new Map<string, SurveyDelivery[]>();
  for (const message of await findFailedMessagesOf(db, owner, ids)) {
    const id = message[owner];
    if (!id) continue;
    const messages = byOwner.get(id) ?? [];
    messages.push(toSurveyDelivery(message));
    byOwner.set(id, messages);
  }
  return byOwner;
}

type QueueEmail = Pick<
  NewOutboxMessage,
  'workspaceId' | 'purpose' | 'recipient' | 'subject' | 'textBody' | 'htmlBody'
>;

/** Writes an e-mail into the outbox inside the caller's transaction; dispatch it after commit. */
export async function queueEmail(tx: Executor, message: QueueEmail): Promise<string> {
  const row = await insertOutboxMessage(tx, { ...message, channel: 'email' });
  return row.id;
}

/**
 * Writes messages into the outbox inside the caller's transaction (one statement); answers their
 * ids in order for dispatching after the commit. A message to a suppressed contact is written as
 * skipped, with the reason.
 */
export function queueMessages(tx: Executor, messages: NewOutboxMessage[]): Promise<string[]> {
  return insertOutboxMessages(tx, messages);
}

/**
 * Messages a batch sends at once (as many pooled SMTP connections). Each holds a database
 * connection only for its two short statements, never while the transport works.
 */
const batchConcurrency = 16;

/**
 * Hands committed outbox messages to the job queue: one `deliver-message` job for a single
 * message, `deliver-messages` jobs of up to `deliveryBatchSize` ids for more (a bulk send). A
 * failure here loses nothing: the messages stay queued and the periodic sweep dispatches them.
 */
const urgentSafetyNetSeconds = 30;
const urgentDeliveries = new Set<Promise<unknown>>();

/** Waits for the urgent deliveries this process started (graceful shutdown). */
export async function settleUrgentDeliveries(): Promise<void> {
  await Promise.allSettled([...urgentDeliveries]);
}

export async function dispatchMessages(
  ctx: AppContext,
  ids: string[],
  options: { isUrgent?: boolean } = {},
): Promise<void> {
  // Urgent messages (alerts, decision 008: within 5 s) leave from this process right after the commit,
  // so they never wait for a worker busy with thousands of reminders; a job a little later is the
  // safety net (it finds the message sent, or claimed, and does nothing).
  if (options.isUrgent) {
    for (const outboxId of ids) {
      try {
        await ctx.jobs.send(deliverMessageJob, { outboxId }, { startAfter: urgentSafetyNetSeconds });
      } catch (error) {
        ctx.log.error({ err: error, outboxId }, 'could not queue the delivery; the sweep will retry it');
      }
      const delivery = runDeliveryJob(ctx, outboxId)
        .catch((error) =>
          ctx.log.error({ err: error, outboxId }, 'urgent delivery failed; the queue will retry it'),
        )
        .finally(() => urgentDeliveries.delete(delivery));
      urgentDeliveries.add(delivery);
    }
    return;
  }
  if (ids.length === 1) {
    for (const outboxId of ids) {
      try {
        await ctx.jobs.send(deliverMessageJob, { outboxId });
      } catch (error) {
        ctx.log.error({ err: error, outboxId }, 'could not queue the delivery; the sweep will retry it');
      }
    }
    return;
  }
  for (let start = 0; start < ids.length; start += deliveryBatchSize) {
    const outboxIds = ids.slice(start, start + deliveryBatchSize);
    try {
      await ctx.jobs.send(deliverMessagesJob, { outboxIds });
    } catch (error) {
      ctx.log.error(
        { err: error, count: outboxIds.length },
        'could not queue the deliveries; the sweep will retry them',
      );
    }
  }
}

/** `lapsed`: the claim's lease ran out before the hand-over; the message was queued again. */
export type DeliveryResult = 'sent' | 'kept' | 'retry' | 'failed' | 'skipped' | 'lapsed';

const interruptedMessage =
  'The delivery was interrupted (the worker stopped while sending); it may not have arrived. Retry to send it again.';
const closedSurveyMessage = 'Not sent: the survey was completed or closed before the reminder left.';

/** Thrown by the hand-over when the claim no longer holds. */
class LapsedClaim extends Error {
  constructor() {
    super('The claim on this message lapsed before it was handed over; it was queued again.');
  }
}

/**
 * Delivers one message; idempotent (a message that is not queued is skipped). The job handler.
 * The claim is committed before the transport is called, the hand-over just before the message's
 * last part leaves, and the result after it. A worker that dies before the hand-over leaves a
 * message the sweep queues again; after it, one the sweep marks failed: never a second copy
 * (decisions 001, 008 and 050).
 */
export async function deliverMessage(ctx: AppContext, outboxId: string): Promise<DeliveryResult> {
  const now = ctx.now();
  const leaseUntil = new Date(now.getTime() + ctx.config.deliveryLeaseSeconds * 1000);
  const claimed = await claimQueuedMessage(ctx.db, outboxId, configuredChannels(ctx), leaseUntil, now);
  if (!claimed) return keepIfUnconfigured(ctx, outboxId);
  const { message } = claimed;
  if (claimed.isSuppressed || claimed.isSurveyClosed) {
    await updateClaimedMessage(ctx.db, outboxId, leaseUntil, {
      status: 'skipped',
      lastError: claimed.isSuppressed ? suppressedMessage : closedSurveyMessage,
    });
    return 'skipped';
  }
  const channel = channelOf(ctx, message.channel);
  const attempts = message.attempts + 1;
  let isLapsed = false;
  const handOver = async () => {
    if (await markMessageHandedOver(ctx.db, outboxId, leaseUntil)) return;
    isLapsed = true;
    throw new LapsedClaim();
  };
  try {
    await channel.send(claimed, handOver);
    await markMessageSent(ctx.db, outboxId, attempts, ctx.now());
    ctx.log.info({ outboxId, purpose: message.purpose }, `${channel.noun} sent`);
    return 'sent';
  } catch (error) {
    if (isLapsed) {
      ctx.log.warn({ outboxId }, `${channel.noun} not sent: its claim lapsed before the hand-over`);
      return 'lapsed';
    }
    const lastError = error instanceof Error ? error.message : String(error);
    if (error instanceof SkipDelivery) {
      await updateClaimedMessage(ctx.db, outboxId, leaseUntil, { status: 'skipped', lastError });
      return 'skipped';
    }
    // A refusal ends it at once; an outage is retried for DELIVERY_RETRY_HOURS (decision 014).
    const isFinal =
      isPermanentFailure(error) || attempts >= deliveryAttemptLimit(ctx.config.deliveryRetryHours);
    await updateClaimedMessage(ctx.db, outboxId, leaseUntil, {
      status: isFinal ? 'failed' : 'queued',
      attempts,
      lastError,
      // The retry job runs after the delay; the sweep steps in only if that job is lost.
      nextAttemptAt: new Date(ctx.now().getTime() + (retryDelaySeconds(attempts) + sweepGraceSeconds) * 1000),
    });
    ctx.log.warn(
      { outboxId, attempts, lastError, isFinal, permanent: isPermanentFailure(error) },
      `${channel.noun} delivery failed`,
    );
    return isFinal ? 'failed' : 'retry';
  }
}

/**
 * A fresh install without SMTP (or SMS provider) still works: the message waits in the
 * `outbox_messages` table and the log carries its text, links included (a password-reset link
 * too: with the embedded database the table cannot be read while the server runs), so an
 * operator can pass it on. Once SMTP_URL is set nothing of a message's text is logged
 * (docs/decisions/015).
 */
async function keepIfUnconfigured(ctx: AppContext, outboxId: string): Promise<DeliveryResult> {
  const message = await findOutboxMessage(ctx.db, outboxId);
  if (message?.status !== 'queued') return 'skipped';
  const channel = channelOf(ctx, message.channel);
  if (channel.isConfigured) return 'skipped';
  ctx.log.info(
    { outboxId, to: message.recipient, subject: message.subject, text: message.textBody },
    channel.notConfigured.log,
  );
  await updateOutboxMessage(ctx.db, outboxId, { lastError: channel.notConfigured.lastError });
  return 'kept';
}

/** The job handler: delivers, and on a transient failure queues the next attempt after its delay. */
export async function runDeliveryJob(ctx: AppContext, outboxId: string): Promise<DeliveryResult> {
  const result = await deliverMessage(ctx, outboxId);
  if (result === 'retry') {
    const message = await findOutboxMessage(ctx.db, outboxId);
    await ctx.jobs.send(
      deliverMessageJob,
      { outboxId },
      { startAfter: retryDelaySeconds(message?.attempts ?? 1) },
    );
  }
  return result;
}

/**
 * Re-dispatches queued messages whose delivery was missed (no worker ran, a queue insert failed),
 * and ends those a dead worker left `sending`: queued again if never handed over, failed if so.
 */
export async function sweepOutbox(ctx: AppContext): Promise<number> {
  const channels = configuredChannels(ctx);
  const now = ctx.now();
  const interrupted = await endInterruptedMessages(ctx.db, now, interruptedMessage);
  if (interrupted.requeued > 0)
    ctx.log.warn(
      { count: interrupted.requeued },
      'messages claimed but never handed over (the worker stopped) queued again',
    );
  if (interrupted.failed > 0)
    ctx.log.warn({ count: interrupted.failed }, 'messages interrupted while sending marked failed');
  const ids = await claimOverdueMessages(
    ctx.db,
    now,
    new Date(now.getTime() + 10 * 60 * 1000),
    channels,
    100,
  );
  await dispatchMessages(ctx, ids);
  return ids.length;
}

/**
 * The batch job handler: delivers each message like `runDeliveryJob`, a few at a time. A message
 * that throws (a database error) is left queued for the sweep; the job then fails so pg-boss
 * retries it, which skips the messages already sent.
 */
export async function runDeliveryBatchJob(ctx: AppContext, outboxIds: string[]): Promise<void> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < outboxIds.length) {
      const outboxId = outboxIds[next]!;
      next += 1;
      try {
        await runDeliveryJob(ctx, outboxId);
      } catch (error) {
        failures += 1;
        ctx.log.error({ err: error, outboxId }, 'delivery failed unexpectedly; the sweep will retry it');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(batchConcurrency, outboxIds.length) }, worker));
  if (failures > 0) throw new Error(`${failures} of ${outboxIds.length} deliveries failed unexpectedly`);
}

/** Sends a failed message again from its first attempt (the survey's delivery status → Retry). */
export async function retryFailedMessage(ctx: AppContext, outboxId: string): Promise<boolean> {
  const isRequeued = await requeueFailedMessage(ctx.db, outboxId, ctx.now());
  if (isRequeued) await dispatchMessages(ctx, [outboxId]);
  return isRequeued;
}
