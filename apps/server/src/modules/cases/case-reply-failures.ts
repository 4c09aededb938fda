import type { AppContext } from '../../context.js';
import { findOutboxMessage } from '../delivery/delivery.service.js';
import { eventDetails } from './case-view.js';
import { findRepliesWithoutFailure, insertCaseEvents, type NewCaseEventRow } from './cases.repository.js';

// A reply leaves through the outbox and may fail later (retries exhausted, a refusal, a bounce the
// transport reports, or the contact unsubscribed meanwhile): the case's history then shows it
// (decision 019). The outbox knows nothing of cases, so the cases module looks: when a case is read,
// and every minute for the replies of the last days.

const watchedDays = 7;

async function recordFailures(ctx: AppContext, replies: { caseId: string; outboxId: string }[]) {
  const events: NewCaseEventRow[] = [];
  for (const reply of replies) {
    const message = await findOutboxMessage(ctx.db, reply.outboxId);
    if (message?.status !== 'failed' && message?.status !== 'skipped') continue;
    events.push({
      caseId: reply.caseId,
      type: 'reply_failed',
      actorAccountId: null,
      details: eventDetails({
        outboxId: reply.outboxId,
        channel: message.channel === 'sms' ? 'sms' : 'email',
        recipient: message.recipient,
        error: message.lastError ?? 'The message could not be delivered.',
      }),
      createdAt: message.updatedAt,
    });
  }
  await insertCaseEvents(ctx.db, events);
  return events.length;
}

export async function recordReplyFailures(ctx: AppContext, caseIds: string[]): Promise<number> {
  return recordFailures(ctx, await findRepliesWithoutFailure(ctx.db, { caseIds }));
}

export async function recordRecentReplyFailures(ctx: AppContext): Promise<number> {
  const since = new Date(ctx.now().getTime() - watchedDays * 24 * 60 * 60 * 1000);
  return recordFailures(ctx, await findRepliesWithoutFailure(ctx.db, { since }));
}
