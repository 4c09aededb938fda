import type { ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { spawnWorkerProcess } from '../../test/worker-process.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { addWebhook, type Receiver, startReceiver } from './test-webhooks-fixtures.js';
import { sweepWebhooks } from './webhook-delivery.service.js';
import { settleWebhookDispatches } from './webhook-dispatch.js';
import { webhookMessageId } from './webhook-signature.js';

// Exactly once per event per webhook from the sender's side (decision 036): real `npm run worker`
// processes (src/worker.ts through tsx) on the test's PostgreSQL database deliver to a local
// receiver. PGlite is embedded in one process, so these run on PostgreSQL only (TEST_DATABASE_URL).
const onPostgres = Boolean(inject('postgresTemplate'));

let t: TestApp;
let receiver: Receiver;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  if (!onPostgres) return;
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await t.close();
  await receiver.close();
});

function startWorker(): ChildProcess {
  const worker = spawnWorkerProcess(t, { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' });
  workers.push(worker);
  return worker;
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not done within ${timeoutMs} ms`);
}

/** A workspace with a webhook on survey.sent, then `count` surveys sent in one bulk send. */
async function sendSurveys(count: number): Promise<{ webhookId: string; eventIds: Set<string> }> {
  const { client, startup } = await signUpClient(t.client());
  const { webhookId } = await addWebhook(client, receiver.url, ['survey.sent']);
  const template = await publishTemplate(client, {
    openingText: 'Hello',
    properties: [],
    questions: [everyQuestion().nps],
  });
  const bulk = await client.post('/api/surveys/bulk', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    rows: Array.from({ length: count }, (_, index) => ({
      emailAddress: `exactly.${index}.${Date.now()}@example.com`,
    })),
  });
  expect(bulk.json().created).toBe(count);
  await settleWebhookDispatches(t.ctx);
  const events = await t.ctx.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.workspaceId, startup.workspaces[0]!.workspaceId));
  expect(events).toHaveLength(count);
  return { webhookId, eventIds: new Set(events.map((event) => webhookMessageId(event.id))) };
}

function receivedIds(eventIds: Set<string>): string[] {
  return receiver.received
    .map((request) => String(request.headers['webhook-id']))
    .filter((id) => eventIds.has(id));
}

async function statusesOf(webhookId: string) {
  return t.ctx.db
    .select({ status: webhookDeliveries.status, count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .groupBy(webhookDeliveries.status);
}

describe.skipIf(!onPostgres)('webhook deliveries with several worker processes (PostgreSQL)', () => {
  it('delivers each event once with two workers sharing the jobs', { timeout: 120_000 }, async () => {
    startWorker();
    startWorker();
    const { webhookId, eventIds } = await sendSurveys(300);
    // The sweep dispatches the same deliveries again: the claim must absorb the duplicate jobs.
    t.setNow(new Date(Date.now() + 2 * 60_000));
    await sweepWebhooks(t.ctx);
    t.setNow(undefined);
    await waitUntil(() => new Set(receivedIds(eventIds)).size >= eventIds.size, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const ids = receivedIds(eventIds);
    expect(ids).toHaveLength(eventIds.size);
    expect(new Set(ids).size).toBe(eventIds.size);
    expect(await statusesOf(webhookId)).toEqual([{ status: 'delivered', count: 300 }]);
  });

  it('sends what a killed worker had claimed again with the same ids, and nothing as a new event', {
    timeout: 120_000,
  }, async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    // A slow receiver keeps requests in flight when the worker dies.
    receiver.answer = { status: 200, body: 'ok' };
    const slow = receiver.server.listeners('request')[0] as (...args: unknown[]) => void;
    receiver.server.removeAllListeners('request');
    receiver.server.on('request', (...args: unknown[]) => setTimeout(() => slow(...args), 300));
    const doomed = startWorker();
    const { webhookId, eventIds } = await sendSurveys(400);
    await waitUntil(() => receivedIds(eventIds).length >= 50, 60_000);
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    const atKill = receivedIds(eventIds).length;
    expect(atKill).toBeLessThan(eventIds.size);

    startWorker();
    // Past the dead worker's lease, the sweep sends its claimed deliveries again; the rest were
    // never claimed and are dispatched as lost jobs.
    t.setNow(new Date(Date.now() + 6 * 60_000));
    await sweepWebhooks(t.ctx);
    t.setNow(undefined);
    await waitUntil(() => new Set(receivedIds(eventIds)).size >= eventIds.size, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const ids = receivedIds(eventIds);
    // Every event arrived, each under its own one id: never twice as a new event.
    expect(new Set(ids)).toEqual(eventIds);
    // The only repeats are what the worker had sent but not yet recorded when it died: per job
    // (four jobs of 100 here) 16 requests in flight and up to two chunks of 16 results being
    // recorded. They leave again with the same id and the same body.
    const repeats = ids.length - eventIds.size;
    expect(repeats).toBeLessThanOrEqual(4 * 48);
    const bodies = new Map<string, string>();
    for (const request of receiver.received) {
      const id = String(request.headers['webhook-id']);
      if (!eventIds.has(id)) continue;
      expect(bodies.get(id) ?? request.body).toBe(request.body);
      bodies.set(id, request.body);
    }
    expect(await statusesOf(webhookId)).toEqual([{ status: 'delivered', count: 400 }]);
  });
});
