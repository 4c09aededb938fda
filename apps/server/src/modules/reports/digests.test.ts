import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { outboxMessages, reportDigestSends } from '../../db/schema/index.js';
import type { JobDefinition } from '../../jobs/job-queue.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deliverMessage } from '../delivery/delivery.service.js';
import { scheduleDigests, sendDigest } from './digests.service.js';
import { sendDigestJob } from './reports.jobs.js';
import { completeAt, digestTemplate, joinAs, workspaceIn } from './test-reports-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
/** The `send-digest` jobs queued, as "subscription\nperiod". */
const queued: string[] = [];

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url } });
  const send = t.ctx.jobs.send.bind(t.ctx.jobs);
  t.ctx.jobs.send = async <Payload>(job: JobDefinition<Payload>, payload: Payload, options?: object) => {
    if (job.name === sendDigestJob.name) {
      const { subscriptionId, periodStart } = payload as { subscriptionId: string; periodStart: string };
      queued.push(`${subscriptionId}\n${periodStart}`);
      return;
    }
    return send(job, payload, options);
  };
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function subscribe(client: Awaited<ReturnType<typeof workspaceIn>>['client'], body: object, at: Date) {
  t.setNow(at);
  const created = await client.post('/api/report-subscriptions', body);
  t.setNow(undefined);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().reportSubscriptionId as string;
}

/** What one schedule run at `now` queued for these subscriptions. */
async function scheduleAt(now: Date, subscriptionIds: string[]): Promise<string[]> {
  queued.length = 0;
  t.setNow(now);
  await scheduleDigests(t.ctx);
  t.setNow(undefined);
  return queued
    .filter((entry) => subscriptionIds.includes(entry.split('\n')[0]!))
    .map((entry) => `${subscriptionIds.indexOf(entry.split('\n')[0]!)}:${entry.split('\n')[1]}`);
}

async function sendAt(now: Date, subscriptionId: string, periodStart: string, ctx: AppContext = t.ctx) {
  t.setNow(now);
  try {
    return await sendDigest(ctx, subscriptionId, periodStart);
  } finally {
    t.setNow(undefined);
  }
}

async function digestMessages(subscriptionId: string) {
  const sends = await t.ctx.db
    .select()
    .from(reportDigestSends)
    .where(eq(reportDigestSends.subscriptionId, subscriptionId));
  return sends;
}

describe('digest schedule', () => {
  it('sends weekly digests on Monday 08:00 in each workspace’s time zone, across the DST change', async () => {
    const auckland = await workspaceIn(t, 'Pacific/Auckland');
    const losAngeles = await workspaceIn(t, 'America/Los_Angeles');
    const created = new Date('2026-02-20T00:00:00Z');
    const ids = [
      await subscribe(auckland.client, { frequency: 'weekly' }, created),
      await subscribe(losAngeles.client, { frequency: 'weekly' }, created),
    ];
    // Monday 9 March 07:59 in Auckland; Sunday noon in Los Angeles (the day DST began there).
    expect(await scheduleAt(new Date('2026-03-08T18:59:00Z'), ids)).toEqual(['0:2026-02-23', '1:2026-02-23']);
    expect(await scheduleAt(new Date('2026-03-08T19:00:00Z'), ids)).toEqual(['0:2026-03-02', '1:2026-02-23']);
    // 08:00 PDT on Monday is 15:00 UTC (16:00 UTC the Monday before, in PST).
    expect(await scheduleAt(new Date('2026-03-09T14:59:00Z'), ids)).toEqual(['0:2026-03-02', '1:2026-02-23']);
    expect(await scheduleAt(new Date('2026-03-09T15:00:00Z'), ids)).toEqual(['0:2026-03-02', '1:2026-03-02']);

    expect(await sendAt(new Date('2026-03-09T15:00:00Z'), ids[0]!, '2026-03-02')).toBe('sent');
    expect(await sendAt(new Date('2026-03-09T15:00:00Z'), ids[1]!, '2026-03-02')).toBe('sent');
    // Sent: the next runs queue nothing until the next Monday.
    expect(await scheduleAt(new Date('2026-03-09T15:05:00Z'), ids)).toEqual([]);
    expect(await scheduleAt(new Date('2026-03-15T19:00:00Z'), ids)).toEqual(['0:2026-03-09']);
  });

  it('sends monthly digests on the 1st at 08:00 local, starting with the first one due after subscribing', async () => {
    const workspace = await workspaceIn(t, 'Pacific/Auckland');
    const id = await subscribe(workspace.client, { frequency: 'monthly' }, new Date('2026-03-10T00:00:00Z'));
    // March's digest leaves on 1 April 08:00 NZDT (19:00 UTC on 31 March); February's was due before subscribing.
    expect(await scheduleAt(new Date('2026-03-31T18:59:00Z'), [id])).toEqual([]);
    expect(await scheduleAt(new Date('2026-03-31T19:00:00Z'), [id])).toEqual(['0:2026-03-01']);
  });

  it('stops the digests of a member removed from the workspace', async () => {
    const admin = await workspaceIn(t);
    const viewer = await joinAs(t, admin.client, 'viewer');
    const id = await subscribe(viewer.client, { frequency: 'weekly' }, new Date('2026-01-01T00:00:00Z'));
    expect(await scheduleAt(new Date('2026-03-09T08:00:00Z'), [id])).toEqual(['0:2026-03-02']);
    await admin.client.patch(`/api/workspaces/users/${viewer.accountId}`, { isActive: false });
    expect(await scheduleAt(new Date('2026-03-09T08:00:00Z'), [id])).toEqual([]);
    // A job queued before the removal sends nothing either.
    expect(await sendAt(new Date('2026-03-09T08:00:00Z'), id, '2026-03-02')).toBe('not-a-member');
    expect(await digestMessages(id)).toEqual([]);
  });
});

describe('sending a digest exactly once', () => {
  it('sends one e-mail per period whether the job runs twice, twice at once, or again after a crash', async () => {
    const workspace = await workspaceIn(t);
    const id = await subscribe(workspace.client, { frequency: 'weekly' }, new Date('2026-01-01T00:00:00Z'));
    const now = new Date('2026-03-09T08:00:00Z');

    // A worker that dies after taking the key, before its commit, leaves nothing behind.
    const crashing = {
      ...t.ctx,
      config: new Proxy(t.ctx.config, {
        get(target, key, receiver) {
          if (key === 'publicUrl') throw new Error('the worker died');
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    await expect(sendAt(now, id, '2026-03-02', crashing)).rejects.toThrow('the worker died');
    expect(await digestMessages(id)).toEqual([]);

    // The retry and a second worker at the same time: one sends.
    const results = await Promise.all([sendAt(now, id, '2026-03-02'), sendAt(now, id, '2026-03-02')]);
    expect(results.sort()).toEqual(['already-sent', 'sent']);
    expect(await sendAt(now, id, '2026-03-02')).toBe('already-sent');
    const sends = await digestMessages(id);
    expect(sends).toHaveLength(1);
    const messages = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, workspace.emailAddress),
          eq(outboxMessages.purpose, 'report-digest'),
        ),
      );
    expect(messages.map((message) => message.id)).toEqual([sends[0]!.outboxMessageId]);
    // The next period is its own digest.
    expect(await sendAt(new Date('2026-03-16T08:00:00Z'), id, '2026-03-09')).toBe('sent');
  });
});

describe('a digest’s content', () => {
  it('shows the figures with the week before, the chart inline, the comments and the links', async () => {
    const workspace = await workspaceIn(t);
    const template = await digestTemplate(workspace.client, 'Store visit');
    const { nps, stars, long } = template.questions;
    const versionId = template.surveyTemplateVersionId;
    const at = (iso: string) => new Date(iso);
    await completeAt(
      t,
      workspace.client,
      versionId,
      { [nps.id]: 10, [stars.id]: 5, [long.id]: 'Great service' },
      {
        sentAt: at('2026-03-02T10:00:00Z'),
        completedAt: at('2026-03-02T11:00:00Z'),
      },
    );
    await completeAt(
      t,
      workspace.client,
      versionId,
      { [nps.id]: 3, [stars.id]: 1, [long.id]: 'Too slow <b>really</b>' },
      { sentAt: at('2026-03-03T10:00:00Z'), completedAt: at('2026-03-04T09:00:00Z') },
    );
    await completeAt(t, workspace.client, versionId, {}, { sentAt: at('2026-03-05T10:00:00Z') });
    await completeAt(
      t,
      workspace.client,
      versionId,
      { [nps.id]: 8, [stars.id]: 3 },
      {
        sentAt: at('2026-03-06T10:00:00Z'),
        completedAt: at('2026-03-06T12:00:00Z'),
      },
    );
    // The week before: one completed of two sent.
    await completeAt(
      t,
      workspace.client,
      versionId,
      { [nps.id]: 9, [stars.id]: 4 },
      {
        sentAt: at('2026-02-24T10:00:00Z'),
        completedAt: at('2026-02-24T11:00:00Z'),
      },
    );
    await completeAt(t, workspace.client, versionId, {}, { sentAt: at('2026-02-25T10:00:00Z') });
    // Outside both weeks.
    await completeAt(
      t,
      workspace.client,
      versionId,
      { [nps.id]: 0, [long.id]: 'Later' },
      {
        sentAt: at('2026-03-09T10:00:00Z'),
        completedAt: at('2026-03-09T11:00:00Z'),
      },
    );

    const id = await subscribe(
      workspace.client,
      { surveyTemplateId: template.surveyTemplateId, frequency: 'weekly' },
      at('2026-03-01T00:00:00Z'),
    );
    expect(await sendAt(at('2026-03-09T08:00:00Z'), id, '2026-03-02')).toBe('sent');
    const [send] = await digestMessages(id);
    expect(await deliverMessage(t.ctx, send!.outboxMessageId!)).toBe('sent');
    const mail = await mailbox.waitFor(workspace.emailAddress);

    expect(mail.subject).toBe('Weekly digest: Store visit, 2–8 March 2026');
    const text = mail.text ?? '';
    expect(text).toContain('Completed responses: 3 (week before: 1; change: +2)');
    expect(text).toContain('Response rate: 75% (week before: 50%; change: +25 points)');
    // With the dashboard's 95% margins (decision 035); one answer the week before has none.
    expect(text).toContain('NPS: 0 ± 248 (week before: +100; change: −100)');
    // Stars 5, 1 and 3 (100%, 0%, 50%) against 4 (75%).
    expect(text).toContain('Composite score: 50% ± 124 (week before: 75%; change: −25 points)');
    expect(text).toContain(
      'Completed responses per day from 2 March 2026 to 8 March 2026: 3 in total, most on 2 March 2026 (1).',
    );
    // The lowest-scored survey's comment first; the one outside the week is not there.
    expect(text.indexOf('Too slow <b>really</b>')).toBeLessThan(text.indexOf('Great service'));
    expect(text).not.toContain('Later');
    expect(text).toContain(
      `http://graphium.test/survey-templates/${versionId}/responses?from=2026-03-02&to=2026-03-08`,
    );

    const [stored] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, send!.outboxMessageId!));
    const html = stored!.htmlBody ?? '';
    expect(html).toContain('Too slow &lt;b&gt;really&lt;/b&gt;');
    expect(html).not.toContain('<b>really</b>');
    expect(html).toMatch(
      /<img src="cid:digest-chart@graphium" alt="Completed responses per day from 2 March 2026/,
    );
    expect(mail.attachments).toHaveLength(1);
    const [chart] = mail.attachments;
    expect(chart!.contentType).toBe('image/png');
    expect(chart!.cid).toBe('digest-chart@graphium');
    expect(chart!.content.subarray(1, 4).toString('ascii')).toBe('PNG');

    const lines = Object.fromEntries(mail.headerLines.map((header) => [header.key, header.line]));
    expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines['list-unsubscribe']).toMatch(
      /<http:\/\/graphium\.test\/api\/report-subscriptions\/unsubscribe\/\S+>/,
    );
    expect(text).toMatch(/http:\/\/graphium\.test\/digest-unsubscribe\/\S+/);
  });

  it('counts a Sunday-evening completion in Los Angeles on Sunday, in the week of the DST change', async () => {
    const workspace = await workspaceIn(t, 'America/Los_Angeles');
    const template = await digestTemplate(workspace.client, 'Late shift');
    // Sunday 8 March 23:30 PDT is Monday 06:30 UTC.
    await completeAt(
      t,
      workspace.client,
      template.surveyTemplateVersionId,
      { [template.questions.nps.id]: 9 },
      {
        sentAt: new Date('2026-03-09T06:00:00Z'),
        completedAt: new Date('2026-03-09T06:30:00Z'),
      },
    );
    const id = await subscribe(workspace.client, { frequency: 'weekly' }, new Date('2026-03-01T00:00:00Z'));
    expect(await sendAt(new Date('2026-03-09T15:00:00Z'), id, '2026-03-02')).toBe('sent');
    const [send] = await digestMessages(id);
    const [message] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, send!.outboxMessageId!));
    expect(message!.subject).toBe('Weekly digest: Dashboard, 2–8 March 2026');
    expect(message!.textBody).toContain('Completed responses: 1 (week before: 0; change: +1)');
    expect(message!.textBody).toContain('most on 8 March 2026 (1)');
    expect(message!.textBody).toContain('http://graphium.test/dashboard?from=2026-03-02&to=2026-03-08');
    expect(message!.attachments?.[0]?.contentType).toBe('image/png');
  });

  it('keeps the chart with the outbox message, so a retried delivery sends the same e-mail', async () => {
    const workspace = await workspaceIn(t);
    const id = await subscribe(workspace.client, { frequency: 'monthly' }, new Date('2026-01-15T00:00:00Z'));
    expect(await sendAt(new Date('2026-03-01T08:00:00Z'), id, '2026-02-01')).toBe('sent');
    const [send] = await digestMessages(id);
    mailbox.refusals.set(workspace.emailAddress.toLowerCase(), 451);
    expect(await deliverMessage(t.ctx, send!.outboxMessageId!)).toBe('retry');
    mailbox.refusals.delete(workspace.emailAddress.toLowerCase());
    expect(await deliverMessage(t.ctx, send!.outboxMessageId!)).toBe('sent');
    const mail = await mailbox.waitFor(workspace.emailAddress);
    expect(mail.subject).toBe('Monthly digest: Dashboard, February 2026');
    const [stored] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, send!.outboxMessageId!));
    expect(mail.attachments[0]!.content.toString('base64')).toBe(stored!.attachments![0]!.contentBase64);
  });
});
