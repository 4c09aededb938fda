import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';

// What the webhook tests share: a local receiver that keeps every request, an app allowed to post
// to it (WEBHOOK_ALLOWED_PRIVATE_HOSTS), and a webhook pointing at it.

interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** What the receiver answers (status and body); 200 "ok" by default. */
  answer: { status: number; body: string };
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], answer: { status: 200, body: 'ok' } } as unknown as Receiver;
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = receiver.answer.status;
      if (receiver.answer.status === 302) response.setHeader('location', 'http://127.0.0.1:9/elsewhere');
      response.end(receiver.answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const address = receiver.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  receiver.url = `http://127.0.0.1:${port}/hooks/graphium`;
  receiver.close = async () => {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  };
  return receiver;
}

/** A test app (no worker: tests deliver by calling the job's function) allowed to post to 127.0.0.1. */
export async function startWebhooksTestApp(): Promise<{
  t: TestApp;
  receiver: Receiver;
  mailbox: TestMailbox;
  close: () => Promise<void>;
}> {
  const mailbox = await startTestMailbox();
  const receiver = await startReceiver();
  const t = await createTestApp({
    env: { SMTP_URL: mailbox.url, WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
  });
  return {
    t,
    receiver,
    mailbox,
    close: async () => {
      await t.close();
      await receiver.close();
      await mailbox.close();
    },
  };
}

export async function addWebhook(
  client: TestClient,
  url: string,
  events: string[] = [
    'survey.sent',
    'survey.opened',
    'survey.completed',
    'alert.fired',
    'case.updated',
    'contact.unsubscribed',
  ],
): Promise<{ webhookId: string; secret: string }> {
  const created = await client.post('/api/webhooks', { url, events, description: 'Test receiver' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

/** The ids of a webhook's deliveries still pending, oldest first. */
export async function pendingDeliveryIds(t: TestApp, webhookId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId));
  return rows
    .filter((row) => row.status === 'pending')
    .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime())
    .map((row) => row.id);
}
