import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notificationSettings, outboxMessages, reminderSends, surveys } from '../../db/schema/index.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { spawnWorkerProcess } from '../../test/worker-process.js';
import { sweepOutbox } from '../delivery/delivery.service.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { sendRemindersJob } from './reminders.jobs.js';

// Exactly-once reminders across worker processes (decision 008): real `npm run worker` processes
// (src/worker.ts through tsx) on the test's PostgreSQL database, against a real SMTP server that
// counts what it receives. PGlite is embedded in one process, so these run on PostgreSQL only
// (TEST_DATABASE_URL).
const onPostgres = Boolean(inject('postgresTemplate'));

const leaseSeconds = 5;
let t: TestApp;
let mailbox: TestMailbox;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  mailbox = await startTestMailbox();
  // A short lease: what a killed worker claimed but never handed over is queued again within the test.
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, DELIVERY_LEASE_SECONDS: String(leaseSeconds) } });
});
afterAll(async () => {
  if (!onPostgres) return;
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await t.close();
  await mailbox.close();
});

function startWorker(): ChildProcess {
  const worker = spawnWorkerProcess(t, {
    SMTP_URL: mailbox.url,
    DELIVERY_LEASE_SECONDS: String(leaseSeconds),
  });
  workers.push(worker);
  return worker;
}

function remindersReceived(): ParsedMail[] {
  return mailbox.messages.filter((mail) => mail.subject?.startsWith('Reminder:'));
}

function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
}

/** `count` surveys of a new template whose one-day reminder is due now. */
async function dueSurveys(count: number, prefix: string): Promise<{ templateId: string; emails: string[] }> {
  const { client, startup } = await signUpClient(t.client());
  // The worker processes run on the real clock: without quiet hours (start equal to end) the
  // reminders are due whatever the time of day the test runs at.
  await t.ctx.db.insert(notificationSettings).values({
    workspaceId: startup.workspaces[0]!.workspaceId,
    quietHoursStart: '00:00',
    quietHoursEnd: '00:00',
  });
  const template = await publishTemplate(
    client,
    { openingText: 'Hello', properties: [], questions: [everyQuestion().nps] },
    {
      name: `Workers ${prefix}`,
      settings: { reminders: [{ id: randomUUID(), duration: 1, period: 'days' }] },
    },
  );
  const emails = Array.from({ length: count }, (_, index) => `${prefix}.${index}.${Date.now()}@example.com`);
  const bulk = await client.post('/api/surveys/bulk', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    rows: emails.map((emailAddress) => ({ emailAddress })),
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
  expect(bulk.json().created).toBe(count);
  // Sent two days ago (at noon UTC, outside the default quiet hours), checked now. The
  // invitations are not what these tests count: they are marked sent.
  await t.ctx.db.execute(sql`
    update ${surveys} set sent_at = date_trunc('day', now()) - interval '2 days' + interval '12 hours',
      next_reminder_at = now() - interval '1 minute'
    where ${surveys.templateId} = ${template.surveyTemplateId}`);
  await t.ctx.db.execute(sql`
    update ${outboxMessages} set status = 'sent'
    where purpose = 'survey-invitation'
      and survey_id in (select id from ${surveys} where ${surveys.templateId} = ${template.surveyTemplateId})`);
  return { templateId: template.surveyTemplateId, emails };
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not done within ${timeoutMs} ms`);
}

function countsByRecipient(mails: ParsedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) counts.set(recipientOf(mail), (counts.get(recipientOf(mail)) ?? 0) + 1);
  return counts;
}

describe.skipIf(!onPostgres)('reminders with several worker processes (PostgreSQL)', () => {
  it('sends each reminder exactly once with two workers sharing the batches', {
    timeout: 120_000,
  }, async () => {
    const { templateId, emails } = await dueSurveys(300, 'two-workers');
    startWorker();
    startWorker();
    // Several runs with small batches so both workers claim at the same time; sweeps dispatch
    // the same messages again, which the delivery's claim must absorb.
    for (let run = 0; run < 6; run += 1) await t.ctx.jobs.send(sendRemindersJob, { batchSize: 25 });
    await waitUntil(async () => {
      await sweepOutbox(t.ctx);
      return remindersReceived().filter((mail) => emails.includes(recipientOf(mail))).length >= emails.length;
    }, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const received = remindersReceived().filter((mail) => emails.includes(recipientOf(mail)));
    const counts = countsByRecipient(received);
    expect(received).toHaveLength(emails.length);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const keys = await t.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(reminderSends)
      .innerJoin(surveys, eq(surveys.id, reminderSends.surveyId))
      .where(eq(surveys.templateId, templateId));
    expect(keys[0]!.count).toBe(emails.length);
  });

  it('never sends a reminder twice when a worker is killed mid-batch', { timeout: 120_000 }, async () => {
    const { emails } = await dueSurveys(400, 'killed');
    const doomed = startWorker();
    await t.ctx.jobs.send(sendRemindersJob, { batchSize: 100 });
    await waitUntil(() => remindersReceived().some((mail) => emails.includes(recipientOf(mail))), 60_000);
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    const atKill = remindersReceived().filter((mail) => emails.includes(recipientOf(mail))).length;
    expect(atKill).toBeLessThan(emails.length);

    startWorker();
    await t.ctx.jobs.send(sendRemindersJob, { batchSize: 100 });
    // What the dead worker claimed but never handed over is queued again once its lease ends, and
    // sent. What it had handed over (the SMTP server had the message but not yet its closing dot,
    // or had answered it) may have arrived: it ends as failed, never sent twice.
    const handedOver = async () =>
      t.ctx.db
        .select({ recipient: outboxMessages.recipient, status: outboxMessages.status })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.purpose, 'survey-reminder'),
            inArray(outboxMessages.status, ['sending', 'failed']),
            isNotNull(outboxMessages.handedOverAt),
            inArray(outboxMessages.recipient, emails),
          ),
        );
    await waitUntil(async () => {
      await sweepOutbox(t.ctx);
      const received = new Set(remindersReceived().map(recipientOf));
      const uncertain = new Set((await handedOver()).map((row) => row.recipient));
      return emails.every((email) => received.has(email) || uncertain.has(email));
    }, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const received = remindersReceived().filter((mail) => emails.includes(recipientOf(mail)));
    const counts = countsByRecipient(received);
    expect([...counts.entries()].filter(([, count]) => count > 1)).toEqual([]);
    // At most one message per connection of the dead worker's SMTP pool (16, transports/email.ts)
    // was between its hand-over and its recorded result.
    const uncertain = await handedOver();
    expect(uncertain.length).toBeLessThanOrEqual(16);
    const lost = emails.filter(
      (email) => !counts.has(email) && !uncertain.some((row) => row.recipient === email),
    );
    expect(lost).toEqual([]);
  });
});
