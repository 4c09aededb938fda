import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  claimOverdueMessages,
  findOutboxMessage,
  insertOutboxMessage,
  lockQueuedMessage,
  type NewOutboxMessage,
  updateOutboxMessage,
} from './outbox.repository.js';

/** Attempts before a message ends as failed; the delay doubles from 15 s between attempts. */
export const maxDeliveryAttempts = 5;
const firstRetryDelaySeconds = 15;
const sweepGraceSeconds = 300;

export function retryDelaySeconds(attempt: number): number {
  return firstRetryDelaySeconds * 2 ** Math.max(0, attempt - 1);
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
 * Hands committed outbox messages to the job queue. A failure here loses nothing: the message
 * stays queued and the periodic sweep dispatches it again.
 */
export async function dispatchMessages(ctx: AppContext, ids: string[]): Promise<void> {
  for (const outboxId of ids) {
    try {
      await ctx.jobs.send('deliver-message', { outboxId });
    } catch (error) {
      ctx.log.error({ err: error, outboxId }, 'could not queue the delivery; the sweep will retry it');
    }
  }
}

export function withoutSecrets(text: string): string {
  return text.replace(/([?&]token=)[^\s&]+/g, '$1[hidden: see the outbox table]');
}

export type DeliveryResult = 'sent' | 'kept' | 'retry' | 'failed' | 'skipped';

/** Delivers one message; idempotent (a sent or locked message is skipped). The job handler. */
export async function deliverMessage(ctx: AppContext, outboxId: string): Promise<DeliveryResult> {
  return ctx.db.transaction(async (tx) => {
    const message = await lockQueuedMessage(tx, outboxId);
    if (!message) return 'skipped';
    if (message.channel !== 'email') {
      ctx.log.warn({ outboxId, channel: message.channel }, 'no transport for this channel yet');
      return 'kept';
    }
    if (!ctx.email.isConfigured) {
      // A fresh install without SMTP still works: the message waits in the outbox and the log
      // carries its text, links included, so an operator can pass it on. Secrets (the token
      // of a password-reset link) stay out of the log: the operator reads them in the outbox.
      ctx.log.info(
        { outboxId, to: message.recipient, subject: message.subject, text: withoutSecrets(message.textBody) },
        'e-mail kept in the outbox: no SMTP_URL is configured',
      );
      await updateOutboxMessage(tx, outboxId, {
        lastError: 'No e-mail server is configured (SMTP_URL); the message waits in the outbox.',
      });
      return 'kept';
    }
    const attempts = message.attempts + 1;
    try {
      await ctx.email.send({
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
      });
      await updateOutboxMessage(tx, outboxId, {
        status: 'sent',
        attempts,
        sentAt: ctx.now(),
        lastError: null,
      });
      ctx.log.info({ outboxId, purpose: message.purpose }, 'e-mail sent');
      return 'sent';
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const isFinal = attempts >= maxDeliveryAttempts;
      await updateOutboxMessage(tx, outboxId, {
        status: isFinal ? 'failed' : 'queued',
        attempts,
        lastError,
        // The retry job runs after the delay; the sweep steps in only if that job is lost.
        nextAttemptAt: new Date(
          ctx.now().getTime() + (retryDelaySeconds(attempts) + sweepGraceSeconds) * 1000,
        ),
      });
      ctx.log.warn({ outboxId, attempts, lastError, isFinal }, 'e-mail delivery failed');
      return isFinal ? 'failed' : 'retry';
    }
  });
}

/** The job handler: delivers, and on a transient failure queues the next attempt after its delay. */
export async function runDeliveryJob(ctx: AppContext, outboxId: string): Promise<DeliveryResult> {
  const result = await deliverMessage(ctx, outboxId);
  if (result === 'retry') {
    const message = await findOutboxMessage(ctx.db, outboxId);
    await ctx.jobs.send(
      'deliver-message',
      { outboxId },
      { startAfter: retryDelaySeconds(message?.attempts ?? 1) },
    );
  }
  return result;
}

/** Re-dispatches queued messages whose delivery was missed (no worker ran, a queue insert failed). */
export async function sweepOutbox(ctx: AppContext): Promise<number> {
  const channels = ctx.email.isConfigured ? (['email'] as const) : [];
  const now = ctx.now();
  const ids = await claimOverdueMessages(
    ctx.db,
    now,
    new Date(now.getTime() + 10 * 60 * 1000),
    [...channels],
    100,
  );
  await dispatchMessages(ctx, ids);
  return ids.length;
}
