import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, webhookDeliveries, webhooks } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import {
  addWebhook,
  pendingDeliveryIds,
  type Receiver,
  startWebhooksTestApp,
} from './test-webhooks-fixtures.js';
import { deliverWebhooks, sweepWebhooks, webhookRetryDelaySeconds } from './webhook-delivery.service.js';
import { settleWebhookDispatches } from './webhook-dispatch.js';
import { claimOverdueDeliveries } from './webhook-outbox.repository.js';

let t: TestApp;
let receiver: Receiver;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, receiver, close } = await startWebhooksTestApp());
});
afterAll(() => close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = { status: 200, body: 'ok' };
  t.setNow(undefined);
});

async function deliverPending(webhookId: string) {
  await settleWebhookDispatches(t.ctx);
  return deliverWebhooks(t.ctx, await pendingDeliveryIds(t, webhookId));
}

async function deliveryOf(deliveryId: string) {
  const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return row!;
}

describe('the retry schedule', () => {
  it("is the outbox's backoff with ±20% jitter", () => {
    expect(webhookRetryDelaySeconds(1, () => 0)).toBe(12);
    expect(webhookRetryDelaySeconds(1, () => 1)).toBe(18);
    expect(webhookRetryDelaySeconds(2, () => 0.5)).toBe(30);
    expect(webhookRetryDelaySeconds(20, () => 0.5)).toBe(900);
  });
});

describe('failed deliveries', () => {
  it('records each attempt (status, duration, answer) and retries with backoff until it is delivered', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const start = new Date();
    t.setNow(start);
    const { deliveryId, eventId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    receiver.answer = { status: 500, body: 'boom: the database is down' };
    const [failed] = await deliverPending(webhookId);
    expect(failed).toMatchObject({
      status: 'pending',
      statusCode: 500,
      responseExcerpt: 'boom: the database is down',
    });
    const delay = (failed!.nextAttemptAt!.getTime() - start.getTime()) / 1000;
    expect(delay).toBeGreaterThanOrEqual(12);
    expect(delay).toBeLessThanOrEqual(18);
    const [webhook] = await t.ctx.db.select().from(webhooks).where(eq(webhooks.id, webhookId));
    expect(webhook!.failingSince?.getTime()).toBe(start.getTime());

    receiver.answer = { status: 302, body: '' };
    t.setNow(failed!.nextAttemptAt!);
    const [redirected] = await deliverPending(webhookId);
    expect(redirected).toMatchObject({
      status: 'pending',
      statusCode: 302,
      error: 'A redirect, which is not followed.',
    });
    expect(receiver.received).toHaveLength(2);

    receiver.answer = { status: 204, body: '' };
    t.setNow(redirected!.nextAttemptAt!);
    expect((await deliverPending(webhookId)).map((result) => result.status)).toEqual(['delivered']);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([eventId, eventId, eventId]);
    const log = (await client.get(`/api/webhooks/${webhookId}/deliveries`)).json();
    expect(log.deliveries[0]).toMatchObject({ deliveryId, status: 'delivered', attemptCount: 3 });
    expect(log.deliveries[0].attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
      204, 302, 500,
    ]);
    expect(
      log.deliveries[0].attempts.every((attempt: { durationMs: number }) => attempt.durationMs >= 0),
    ).toBe(true);
    expect((await client.get(`/api/webhooks/${webhookId}`)).json().failingSince).toBeNull();
  });

  it('records an endpoint that cannot be reached, and one that resolves to a private address', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    await client.post(`/api/webhooks/${webhookId}/test`);
    await t.ctx.db.update(webhooks).set({ url: 'https://10.1.2.3/hook' }).where(eq(webhooks.id, webhookId));
    const [blocked] = await deliverPending(webhookId);
    expect(blocked).toMatchObject({ status: 'pending', statusCode: null });
    expect(blocked!.error).toMatch(/private or local network/);
    await t.ctx.db
      .update(webhooks)
      .set({ url: 'http://127.0.0.1:9/closed' })
      .where(eq(webhooks.id, webhookId));
    t.setNow(blocked!.nextAttemptAt!);
    const [refused] = await deliverPending(webhookId);
    expect(refused).toMatchObject({ status: 'pending', statusCode: null });
    expect(refused!.error).toMatch(/ECONNREFUSED/);
    expect(receiver.received).toEqual([]);
  });

  it('turns a webhook failing for a day off, fails its pending deliveries and e-mails its admins', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId;
    const { webhookId } = await addWebhook(client, receiver.url);
    const start = new Date();
    t.setNow(start);
    receiver.answer = { status: 503, body: 'down' };
    const { deliveryId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    await deliverPending(webhookId);
    const second = (await client.post(`/api/webhooks/${webhookId}/test`)).json().deliveryId as string;
    // Twenty-three hours of failures later: still on.
    t.setNow(new Date(start.getTime() + 23 * 3600_000));
    await deliverWebhooks(t.ctx, [deliveryId]);
    expect((await client.get(`/api/webhooks/${webhookId}`)).json().isEnabled).toBe(true);
    // A day after the first failure: the delivery's retries are over, and the webhook goes off.
    t.setNow(new Date(start.getTime() + 24 * 3600_000 + 60_000));
    const [last] = await deliverWebhooks(t.ctx, [deliveryId]);
    expect(last!.status).toBe('failed');
    const webhook = (await client.get(`/api/webhooks/${webhookId}`)).json();
    expect(webhook).toMatchObject({
      isEnabled: false,
      disabledReason: 'Turned off after failing for 24 hours.',
    });
    expect((await deliveryOf(second)).status).toBe('failed');
    const mails = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.workspaceId, workspaceId), eq(outboxMessages.purpose, 'webhook-disabled')),
      );
    expect(mails.map((mail) => mail.recipient)).toEqual([startup.account.emailAddress]);
    expect(mails[0]!.textBody).toContain(receiver.url);
    const audit = (await client.get('/api/audit-events?action=webhook.disabled')).json();
    expect(audit.events).toHaveLength(1);
    // Off: no more events, no test events, no redelivery until it is turned back on.
    expect((await client.post(`/api/webhooks/${webhookId}/test`)).statusCode).toBe(409);
    expect(
      (await client.post(`/api/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`)).statusCode,
    ).toBe(409);
    const on = await client.patch(`/api/webhooks/${webhookId}`, { isEnabled: true });
    expect(on.json()).toMatchObject({ isEnabled: true, disabledReason: null, failingSince: null });
  });
});

describe('redelivery', () => {
  it('sends a delivered event again with the same webhook-id, and refuses one still being attempted', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const { deliveryId, eventId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    const pending = await client.post(`/api/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This delivery is still being attempted.');
    await deliverPending(webhookId);
    const again = await client.post(`/api/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ deliveryId, eventId, status: 'pending', attemptCount: 1 });
    await deliverPending(webhookId);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect((await deliveryOf(deliveryId)).attemptCount).toBe(2);
  });
});

describe('exactly once from the sender', () => {
  it('claims a delivery once: a second job for the same ids sends nothing', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const { deliveryId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    const [first, second] = await Promise.all([
      deliverWebhooks(t.ctx, [deliveryId]),
      deliverWebhooks(t.ctx, [deliveryId]),
    ]);
    expect([...first!, ...second!].map((result) => result.status)).toEqual(['delivered']);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends a delivery a dead worker left claimed again, with the same webhook-id, once its lease is over', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const { deliveryId, eventId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    // What a worker killed between its claim and its record leaves behind.
    const start = new Date();
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'sending', nextAttemptAt: new Date(start.getTime() + 300_000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    t.setNow(new Date(start.getTime() + 60_000));
    await sweepWebhooks(t.ctx);
    expect((await deliveryOf(deliveryId)).status).toBe('sending');
    t.setNow(new Date(start.getTime() + 301_000));
    expect(await sweepWebhooks(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await deliveryOf(deliveryId)).status).toBe('pending');
    t.setNow(new Date(start.getTime() + 302_000));
    await deliverPending(webhookId);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([eventId]);
    const log = (await client.get(`/api/webhooks/${webhookId}/deliveries`)).json();
    expect(log.deliveries[0].attempts.map((attempt: { error: string | null }) => attempt.error)).toEqual([
      null,
      expect.stringMatching(/worker stopped while sending/),
    ]);
  });

  it('dispatches pending deliveries whose job was lost', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const { deliveryId } = (await client.post(`/api/webhooks/${webhookId}/test`)).json();
    const [before] = await t.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(before!.count).toBe(1);
    t.setNow(new Date(Date.now() + 2 * 60_000));
    expect(await sweepWebhooks(t.ctx)).toBeGreaterThanOrEqual(1);
    // Pushed ten minutes on: the next sweep leaves it to the job it dispatched.
    expect((await deliveryOf(deliveryId)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it("takes its limit and no more among thousands pending (the pick is read once, decision 001's dated section)", async () => {
    const { client, startup } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url);
    const workspaceId = startup.workspaces[0]!.workspaceId;
    // 3,000 deliveries whose jobs were lost, just written (not yet analysed).
    await t.ctx.db.execute(sql`
      with events as (
        insert into webhook_events (workspace_id, type, data, occurred_at)
        select ${workspaceId}::uuid, 'survey.sent', '{}'::jsonb, now() - interval '1 hour'
        from generate_series(1, 3000)
        returning id)
      insert into webhook_deliveries (workspace_id, webhook_id, event_id, next_attempt_at, retry_until)
      select ${workspaceId}::uuid, ${webhookId}::uuid, id, now() - interval '1 hour', now() + interval '1 day'
      from events`);
    const retryAt = new Date(Date.now() + 10 * 60_000);
    const picked = await claimOverdueDeliveries(t.ctx.db, new Date(), retryAt, 100);
    expect(picked).toHaveLength(100);
    const [moved] = await t.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.nextAttemptAt, retryAt)));
    expect(moved!.count).toBe(100);
  });
});
