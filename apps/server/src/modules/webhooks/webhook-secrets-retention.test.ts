import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import {
  addWebhook,
  pendingDeliveryIds,
  type Receiver,
  startWebhooksTestApp,
} from './test-webhooks-fixtures.js';
import { deliverWebhooks } from './webhook-delivery.service.js';
import { settleWebhookDispatches } from './webhook-dispatch.js';
import { purgeOldWebhookEvents } from './webhook-retention.service.js';

// Secret rotation and the 30-day purge (docs/decisions/047-connect-gaps.md).

let t: TestApp;
let receiver: Receiver;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, receiver, close } = await startWebhooksTestApp());
});
afterAll(() => close());
afterEach(() => t.setNow(undefined));

const hour = 3600_000;
const day = 24 * hour;

async function sendTest(client: Awaited<ReturnType<typeof signUpClient>>['client'], webhookId: string) {
  receiver.received.length = 0;
  expect((await client.post(`/api/webhooks/${webhookId}/test`)).statusCode).toBe(202);
  await settleWebhookDispatches(t.ctx);
  const results = await deliverWebhooks(t.ctx, await pendingDeliveryIds(t, webhookId));
  expect(results.map((result) => result.status)).toEqual(['delivered']);
  const request = receiver.received[0]!;
  return {
    body: request.body,
    headers: {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    },
  };
}

describe('rotating a webhook secret', () => {
  it('signs with the new and the previous secret for 24 hours, then with the new one only', async () => {
    const start = new Date();
    t.setNow(start);
    const { client } = await signUpClient(t.client());
    const { webhookId, secret: first } = await addWebhook(client, receiver.url, ['survey.sent']);
    const rotated = await client.post(`/api/webhooks/${webhookId}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.json().previousSecretExpiresAt).toBe(new Date(start.getTime() + day).toISOString());
    expect((await client.get(`/api/webhooks/${webhookId}`)).json().secret).toBe(second);

    const during = await sendTest(client, webhookId);
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [first, second]) {
      expect(() => new StandardWebhook(secret).verify(during.body, during.headers)).not.toThrow();
    }

    t.setNow(new Date(start.getTime() + day + hour));
    const after = await sendTest(client, webhookId);
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    // Signed a day on (the injected clock), so the signatures are compared rather than verified.
    const signedAt = new Date(Number(after.headers['webhook-timestamp']) * 1000);
    const signatureOf = (secret: string) =>
      new StandardWebhook(secret).sign(after.headers['webhook-id'], signedAt, after.body);
    expect(after.headers['webhook-signature']).toBe(signatureOf(second));
    expect(after.headers['webhook-signature']).not.toContain(signatureOf(first).slice(3));
    expect((await client.get(`/api/webhooks/${webhookId}`)).json().previousSecretExpiresAt).toBe(
      new Date(start.getTime() + day).toISOString(),
    );

    const audit = (await client.get('/api/audit-events?limit=50')).json();
    expect(JSON.stringify(audit)).toContain('webhook.secret-rotated');
  });

  it("answers 404 for another workspace's webhook and keeps its secret", async () => {
    const { client } = await signUpClient(t.client());
    const { client: other } = await signUpClient(t.client());
    const { webhookId, secret } = await addWebhook(client, receiver.url, ['survey.sent']);
    expect((await other.post(`/api/webhooks/${webhookId}/rotate-secret`)).statusCode).toBe(404);
    expect((await client.get(`/api/webhooks/${webhookId}`)).json()).toMatchObject({
      secret,
      previousSecretExpiresAt: null,
    });
  });
});

describe('the 30-day purge', () => {
  it('deletes deliveries, attempts and events older than 30 days and keeps the newer ones', async () => {
    const start = new Date('2026-09-01T10:00:00Z');
    t.setNow(start);
    const { client } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(client, receiver.url, ['survey.sent']);
    await sendTest(client, webhookId);
    t.setNow(new Date(start.getTime() + 20 * day));
    await sendTest(client, webhookId);
    const deliveriesOf = () =>
      t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
    const [old, recent] = (await deliveriesOf()).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    expect(await deliveriesOf()).toHaveLength(2);

    t.setNow(new Date(start.getTime() + 31 * day));
    const purged = await purgeOldWebhookEvents(t.ctx);
    expect(purged.deliveries).toBeGreaterThanOrEqual(1);
    expect(purged.events).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf()).map((row) => row.id)).toEqual([recent!.id]);
    expect(await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, old!.eventId))).toEqual([]);
    expect(
      await t.ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, old!.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, recent!.eventId)),
    ).toHaveLength(1);
    // A second run finds nothing more of this webhook's.
    await purgeOldWebhookEvents(t.ctx);
    expect(await deliveriesOf()).toHaveLength(1);
  });
});
