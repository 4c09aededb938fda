import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorkers } from '../../bootstrap.js';
import { outboxMessages, suppressedContacts } from '../../db/schema/index.js';
import { startTestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { deliverMessage, queueEmail, sweepOutbox } from './delivery.service.js';
import { deliveryAttemptLimit } from './failures.js';
import { claimQueuedMessage, markMessageHandedOver } from './outbox.repository.js';

async function queue(t: TestApp, recipient: string) {
  return queueEmail(t.ctx.db, {
    workspaceId: null,
    purpose: 'test',
    recipient,
    subject: 'Hello from Graphium',
    textBody: 'Open http://graphium.test/x',
    htmlBody: '<p>Open <a href="http://graphium.test/x">this</a></p>',
  });
}

async function row(t: TestApp, id: string) {
  const [message] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return message!;
}

describe('outbox without an SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the message queued, with the reason, so a fresh install loses nothing', async () => {
    const id = await queue(t, 'kept@example.com');
    expect(await deliverMessage(t.ctx, id)).toBe('kept');
    const message = await row(t, id);
    expect(message.status).toBe('queued');
    expect(message.lastError).toMatch(/No e-mail server is configured/);
    expect(await sweepOutbox(t.ctx)).toBe(0);
  });
});

describe('outbox with an unreachable SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) is closed here: every attempt fails to connect. Retried for 6 minutes.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', DELIVERY_RETRY_HOURS: '0.1' } });
  });
  afterAll(() => t.close());

  it('counts attempts, keeps the last error, and ends as failed after the last attempt', async () => {
    const id = await queue(t, 'unlucky@example.com');
    const maxDeliveryAttempts = deliveryAttemptLimit(0.1);
    expect(maxDeliveryAttempts).toBe(5);
    for (let attempt = 1; attempt < maxDeliveryAttempts; attempt += 1) {
      expect(await deliverMessage(t.ctx, id)).toBe('retry');
      const message = await row(t, id);
      expect(message).toMatchObject({ status: 'queued', attempts: attempt });
      expect(message.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(message.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect(await deliverMessage(t.ctx, id)).toBe('failed');
    expect(await row(t, id)).toMatchObject({ status: 'failed', attempts: maxDeliveryAttempts });
    expect(await deliverMessage(t.ctx, id)).toBe('skipped');
  });

  it("skips a contact suppressed since by the message's workspace, not one suppressed by another", async () => {
    const [{ startup: own }, { startup: other }] = await Promise.all([
      signUpClient(t.client()),
      signUpClient(t.client()),
    ]);
    const workspaceIds = [own.workspaces[0]!.workspaceId, other.workspaces[0]!.workspaceId];
    const contact = `suppressed.${Date.now()}@example.com`;
    const [ownMessage, otherMessage] = await Promise.all(
      workspaceIds.map((workspaceId) =>
        queueEmail(t.ctx.db, {
          workspaceId,
          purpose: 'test',
          recipient: contact,
          subject: 'Hello',
          textBody: 'Hello',
          htmlBody: null,
        }),
      ),
    );
    await t.ctx.db.insert(suppressedContacts).values({
      workspaceId: workspaceIds[0]!,
      contact,
      contactType: 'email',
      reason: 'added-by-staff',
      createdAt: new Date(),
    });
    expect(await deliverMessage(t.ctx, ownMessage!)).toBe('skipped');
    expect((await row(t, ownMessage!)).lastError).toMatch(/unsubscribed/);
    // The other workspace's message goes on to the (unreachable) server.
    expect(await deliverMessage(t.ctx, otherMessage!)).toBe('retry');
  });
});

describe('outbox with a working SMTP server', () => {
  it('sends once (a second delivery of the same message is skipped) and the sweep picks up missed ones', async () => {
    const mailbox = await startTestMailbox();
    const t = await createTestApp({ env: { SMTP_URL: mailbox.url } });
    try {
      const id = await queue(t, 'lucky@example.com');
      expect(await deliverMessage(t.ctx, id)).toBe('sent');
      expect(await deliverMessage(t.ctx, id)).toBe('skipped');
      const mail = await mailbox.waitFor('lucky@example.com');
      expect(mail.subject).toBe('Hello from Graphium');
      expect(mail.text).toContain('http://graphium.test/x');
      expect(mail.html).toContain('href="http://graphium.test/x"');
      expect(mailbox.messages).toHaveLength(1);
      expect((await row(t, id)).status).toBe('sent');

      // Queued while no worker ran: the sweep hands it to the queue, and a worker then sends it.
      const missed = await queue(t, 'missed@example.com');
      expect(await sweepOutbox(t.ctx)).toBe(1);
      await startJobWorkers(t.ctx);
      await mailbox.waitFor('missed@example.com');
      await expect.poll(async () => (await row(t, missed)).status, { timeout: 10_000 }).toBe('sent');
    } finally {
      await t.close();
      await mailbox.close();
    }
  });
});

describe('outbox with a worker that stopped while sending (decision 050)', () => {
  it('queues again what was claimed but never handed over, fails what was, and fences a lapsed claim', async () => {
    const mailbox = await startTestMailbox();
    const t = await createTestApp({ env: { SMTP_URL: mailbox.url, DELIVERY_LEASE_SECONDS: '60' } });
    try {
      const start = new Date();
      t.setNow(start);
      const lease = new Date(start.getTime() + 60_000);
      // One message sent normally records its hand-over.
      const sent = await queue(t, 'handed@example.com');
      expect(await deliverMessage(t.ctx, sent)).toBe('sent');
      expect((await row(t, sent)).handedOverAt).toBeInstanceOf(Date);
      // Two claims of a worker that then died: one before its hand-over, one after it.
      const neverLeft = await queue(t, 'never-left@example.com');
      const mayHaveLeft = await queue(t, 'may-have-left@example.com');
      for (const id of [neverLeft, mayHaveLeft])
        expect(await claimQueuedMessage(t.ctx.db, id, ['email'], lease, start)).toBeDefined();
      expect(await markMessageHandedOver(t.ctx.db, mayHaveLeft, lease)).toBe(true);

      // Within the lease the sweep leaves them to their worker.
      await sweepOutbox(t.ctx);
      expect((await row(t, neverLeft)).status).toBe('sending');
      // Past it: the one never handed over is queued again and sent; the other ends as failed.
      t.setNow(new Date(lease.getTime() + 1000));
      expect(await sweepOutbox(t.ctx)).toBe(1);
      expect((await row(t, mayHaveLeft)).status).toBe('failed');
      expect((await row(t, mayHaveLeft)).lastError).toMatch(/may not have arrived/);
      expect(await deliverMessage(t.ctx, neverLeft)).toBe('sent');
      await mailbox.waitFor('never-left@example.com');
      expect(mailbox.messages.map((mail) => mail.subject)).toHaveLength(2);

      // The dead worker's lease no longer holds on a message claimed again since.
      const lapsed = await queue(t, 'lapsed@example.com');
      const oldLease = new Date(Date.now() + 60_000);
      await claimQueuedMessage(t.ctx.db, lapsed, ['email'], oldLease, new Date());
      t.setNow(new Date(oldLease.getTime() + 1000));
      await sweepOutbox(t.ctx);
      expect((await row(t, lapsed)).status).toBe('queued');
      expect(await markMessageHandedOver(t.ctx.db, lapsed, oldLease)).toBe(false);
    } finally {
      await t.close();
      await mailbox.close();
    }
  });
});

describe('outbox with an SMTP server that refuses some addresses', () => {
  it('fails a refused address (550) at once and retries a mailbox that is busy (451)', async () => {
    const mailbox = await startTestMailbox();
    const t = await createTestApp({ env: { SMTP_URL: mailbox.url } });
    try {
      mailbox.refusals.set('nobody@example.com', 550);
      mailbox.refusals.set('busy@example.com', 451);
      const refused = await queue(t, 'nobody@example.com');
      expect(await deliverMessage(t.ctx, refused)).toBe('failed');
      expect(await row(t, refused)).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await row(t, refused)).lastError).toMatch(/550/);

      const busy = await queue(t, 'busy@example.com');
      expect(await deliverMessage(t.ctx, busy)).toBe('retry');
      expect(await row(t, busy)).toMatchObject({ status: 'queued', attempts: 1 });
      // The mailbox takes mail again: the next attempt delivers it, once.
      mailbox.refusals.delete('busy@example.com');
      expect(await deliverMessage(t.ctx, busy)).toBe('sent');
      await mailbox.waitFor('busy@example.com');
      expect(mailbox.messages.filter((mail) => mail.subject === 'Hello from Graphium')).toHaveLength(1);
    } finally {
      await t.close();
      await mailbox.close();
    }
  });
});
