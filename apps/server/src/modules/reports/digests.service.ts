import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { dispatchMessages, type NewOutboxMessage, queueMessages } from '../delivery/delivery.service.js';
import { dailyResponses, periodFigures } from '../insights/period-figures.service.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { findWorkspaceName } from '../workspaces/workspaces.service.js';
import { digestChartAlt, digestChartPng } from './digest-chart.js';
import { renderDigestEmail } from './digest-email.js';
import { type DigestPeriod, digestPeriodStartingOn, latestDuePeriod } from './digest-schedule.js';
import { digestUnsubscribeOf } from './digest-unsubscribe.js';
import { sendDigestJob } from './reports.jobs.js';
import {
  findCompletedVersionIds,
  findDigestSubscription,
  findLinkVersionId,
  findScheduledSubscriptions,
  findSentDigests,
  findTextAnswers,
  recordDigestMessage,
  type SurveyScope,
  takeDigestSend,
} from './reports.repository.js';

// Scheduled digests (docs/decisions/031-scheduled-reports.md). The `schedule-digests` job finds
// each subscription's newest due period and queues a `send-digest` job for it unless it was sent.
// `send-digest` takes the (subscription, period) key and writes the outbox message in one
// transaction: a second run, a second worker or a retry finds the key taken and sends nothing; a
// run that dies before its commit leaves nothing, and pg-boss retries it.

const commentLimit = 5;
const commentMaxLength = 280;
const chartCid = 'digest-chart@graphium';
const checkedPerQuery = 500;

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Queues the digests due now and not yet sent; answers how many it queued. */
export async function scheduleDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due: { subscriptionId: string; periodStart: string }[] = [];
  for (const subscription of await findScheduledSubscriptions(ctx.db)) {
    const timeZone = isTimeZone(subscription.timeZone) ? subscription.timeZone : 'UTC';
    const period = latestDuePeriod(subscription.frequency, now, timeZone);
    // The first digest is the first one due after subscribing: no digest of a period already reported.
    if (period.dueAt < subscription.createdAt) continue;
    due.push({ subscriptionId: subscription.id, periodStart: period.periodStart });
  }
  let queued = 0;
  for (let start = 0; start < due.length; start += checkedPerQuery) {
    const chunk = due.slice(start, start + checkedPerQuery);
    const sent = await findSentDigests(ctx.db, chunk);
    for (const entry of chunk) {
      if (sent.has(`${entry.subscriptionId}\n${entry.periodStart}`)) continue;
      await ctx.jobs.send(sendDigestJob, entry);
      queued += 1;
    }
  }
  return queued;
}

export type DigestResult = 'sent' | 'already-sent' | 'no-subscription' | 'not-a-member';

/** Sends one subscription's digest of one period, at most once. */
export async function sendDigest(
  ctx: AppContext,
  subscriptionId: string,
  periodStart: string,
): Promise<DigestResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await findDigestSubscription(tx, subscriptionId);
    if (!row) return { result: 'no-subscription' as const };
    // A member removed from the workspace (or whose account was closed) gets no more digests.
    if (!row.isActive) return { result: 'not-a-member' as const };
    const { subscription } = row;
    const timeZone = isTimeZone(row.timeZone) ? row.timeZone : 'UTC';
    const isTaken = await takeDigestSend(tx, {
      subscriptionId,
      periodStart,
      workspaceId: subscription.workspaceId,
      sentAt: ctx.now(),
    });
    if (!isTaken) return { result: 'already-sent' as const };
    const period = digestPeriodStartingOn(subscription.frequency, periodStart, timeZone);
    const message = await composeDigest(ctx, tx, { ...row, timeZone }, period);
    const [outboxId] = await queueMessages(tx, [message]);
    await recordDigestMessage(tx, { subscriptionId, periodStart }, outboxId!);
    return { result: 'sent' as const, outboxId: outboxId! };
  });
  if (result.result === 'sent') await dispatchMessages(ctx, [result.outboxId]);
  return result.result;
}

type DigestSubscription = NonNullable<Awaited<ReturnType<typeof findDigestSubscription>>>;

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > commentMaxLength ? `${flat.slice(0, commentMaxLength - 1).trimEnd()}…` : flat;
}

/** Up to five text answers of the period, the lowest-scored surveys first, then the newest. */
async function periodComments(db: Executor, scope: SurveyScope, period: DigestPeriod): Promise<string[]> {
  const questionIds = new Set<string>();
  for (const versionId of await findCompletedVersionIds(db, scope, period.from, period.to)) {
    for (const question of (await loadVersionDefinition(db, versionId)).questions) {
      if (question.type === 'ShortTextEntry' || question.type === 'LongTextEntry')
        questionIds.add(question.id);
    }
  }
  const answers = await findTextAnswers(db, scope, period.from, period.to, [...questionIds], commentLimit);
  return answers.map((answer) => truncate(answer.text));
}

/** The digest's outbox message: figures, chart (inline PNG), comments, the link back and the way out. */
async function composeDigest(
  ctx: AppContext,
  tx: Executor,
  row: DigestSubscription,
  period: DigestPeriod,
): Promise<NewOutboxMessage> {
  const { subscription } = row;
  const scope: SurveyScope = {
    workspaceId: subscription.workspaceId,
    templateIds: subscription.templateId ? [subscription.templateId] : undefined,
  };
  // The dashboard's figures and days for the same local days (decision 035).
  const days = { ...scope, from: period.periodStart, to: period.periodEnd, timeZone: row.timeZone };
  const figures = await periodFigures(tx, days);
  const perDay = await dailyResponses(tx, days);
  const comments = await periodComments(tx, scope, period);
  const range = `from=${period.periodStart}&to=${period.periodEnd}`;
  const versionId = subscription.templateId
    ? await findLinkVersionId(tx, subscription.templateId)
    : undefined;
  const link = subscription.templateId
    ? versionId
      ? `${ctx.config.publicUrl}/survey-templates/${versionId}/responses?${range}`
      : `${ctx.config.publicUrl}/survey-templates`
    : `${ctx.config.publicUrl}/dashboard?${range}`;
  const unsubscribe = digestUnsubscribeOf(ctx, subscription.id);
  const alt = digestChartAlt(perDay);
  const email = renderDigestEmail({
    workspaceName: await findWorkspaceName(tx, subscription.workspaceId),
    templateName: subscription.templateId ? (row.templateName ?? '') : null,
    frequency: subscription.frequency,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    figures,
    chart: { cid: chartCid, alt },
    comments,
    link,
    unsubscribeUrl: unsubscribe.url,
  });
  const png = digestChartPng(perDay, 'Completed responses per day');
  return {
    workspaceId: subscription.workspaceId,
    channel: 'email',
    purpose: 'report-digest',
    recipient: row.emailAddress,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    headers: unsubscribe.headers,
    attachments: [
      {
        filename: 'digest-chart.png',
        contentType: 'image/png',
        cid: chartCid,
        contentBase64: png.toString('base64'),
      },
    ],
  };
}
