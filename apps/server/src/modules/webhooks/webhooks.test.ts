import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cases, webhookEvents } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { templateWithAlerts } from '../alerts/test-alerts-fixtures.js';
import { createUnsubscribeToken } from '../delivery/unsubscribe-link.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import {
  addWebhook,
  pendingDeliveryIds,
  type Receiver,
  startWebhooksTestApp,
} from './test-webhooks-fixtures.js';
import { deliverWebhooks } from './webhook-delivery.service.js';
import { settleWebhookDispatches } from './webhook-dispatch.js';

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
});

/** Delivers what the webhook has pending, as the job would. */
async function deliverPending(webhookId: string) {
  await settleWebhookDispatches(t.ctx);
  return deliverWebhooks(t.ctx, await pendingDeliveryIds(t, webhookId));
}

type Payload = { type: string; timestamp: string; data: Record<string, unknown> };

/** The requests the receiver got, verified with an independent Standard Webhooks implementation. */
function verifiedPayloads(secret: string) {
  const verifier = new StandardWebhook(secret);
  return receiver.received.map((request) => {
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    return {
      id: headers['webhook-id'],
      payload: verifier.verify(request.body, headers) as Payload,
    };
  });
}

describe('managing webhooks', () => {
  it('lets an admin add, read, change and delete a webhook, each change in the audit log', async () => {
    const { client } = await signUpClient(t.client());
    const created = await client.post('/api/webhooks', {
      url: receiver.url,
      description: 'CRM',
      events: ['survey.completed', 'survey.sent'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json();
    expect(webhook).toMatchObject({
      url: receiver.url,
      description: 'CRM',
      events: ['survey.sent', 'survey.completed'],
      isEnabled: true,
      failingSince: null,
    });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await client.get('/api/webhooks');
    expect(list.json().webhooks).toHaveLength(1);
    expect(list.json().webhooks[0].secret).toBeUndefined();
    expect((await client.get(`/api/webhooks/${webhook.webhookId}`)).json().secret).toBe(webhook.secret);

    const changed = await client.patch(`/api/webhooks/${webhook.webhookId}`, {
      events: ['contact.unsubscribed'],
      isEnabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      events: ['contact.unsubscribed'],
      isEnabled: false,
      disabledReason: 'Turned off by an admin.',
    });
    const deleted = await client.delete(`/api/webhooks/${webhook.webhookId}`);
    expect(deleted.json()).toEqual({ webhookId: webhook.webhookId });
    expect((await client.get(`/api/webhooks/${webhook.webhookId}`)).statusCode).toBe(404);

    const audit = await client.get('/api/audit-events?action=webhook');
    expect(audit.json().events.map((event: { action: string }) => event.action)).toEqual([
      'webhook.deleted',
      'webhook.changed',
      'webhook.created',
    ]);
    // The address's path may hold a receiver's token: the log keeps its origin only.
    expect(JSON.stringify(audit.json().events)).not.toContain('/hooks/graphium');
  });

  it('refuses bad input with a message on the field and changes nothing', async () => {
    const { client } = await signUpClient(t.client());
    for (const [body, field, message] of [
      [{ url: 'https://10.0.0.8/hook', events: ['survey.sent'] }, 'url', /private or local network/],
      [{ url: 'https://169.254.169.254/latest', events: ['survey.sent'] }, 'url', /private or local network/],
      [{ url: 'http://hooks.example.com/x', events: ['survey.sent'] }, 'url', /must start with https/],
      [{ url: 'not a url', events: ['survey.sent'] }, 'url', /valid URL/],
      [{ url: receiver.url, events: [] }, 'events', /at least one event/],
      [{ url: receiver.url, events: ['survey.deleted'] }, 'events.0', /./],
    ] as const) {
      const response = await client.post('/api/webhooks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[field], JSON.stringify(body)).toMatch(message);
    }
    expect((await client.get('/api/webhooks')).json().webhooks).toEqual([]);
  });

  it("answers 404 for another workspace's webhook and changes nothing", async () => {
    const { client: owner } = await signUpClient(t.client());
    const { webhookId } = await addWebhook(owner, receiver.url);
    const { client: stranger } = await signUpClient(t.client());
    expect((await stranger.get(`/api/webhooks/${webhookId}`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/webhooks/${webhookId}`, { isEnabled: false })).statusCode).toBe(404);
    expect((await stranger.post(`/api/webhooks/${webhookId}/test`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/webhooks/${webhookId}/deliveries`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/webhooks/${webhookId}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/webhooks/${webhookId}`)).json().isEnabled).toBe(true);
  });
});

describe('signed deliveries', () => {
  it('signs as Standard Webhooks says: an independent implementation verifies, a changed body fails', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId, secret } = await addWebhook(client, receiver.url);
    const test = await client.post(`/api/webhooks/${webhookId}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending', attemptCount: 0 });
    const results = await deliverPending(webhookId);
    expect(results.map((result) => result.status)).toEqual(['delivered']);

    const [delivered] = verifiedPayloads(secret);
    expect(delivered!.id).toBe(test.json().eventId);
    expect(delivered!.payload).toMatchObject({ type: 'webhook.test', data: { webhookId } });
    const request = receiver.received[0]!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const verifier = new StandardWebhook(secret);
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(() => verifier.verify(request.body.replace('webhook.test', 'webhook.tset'), headers)).toThrow();
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, headers),
    ).toThrow();

    const log = (await client.get(`/api/webhooks/${webhookId}/deliveries`)).json();
    expect(log.pagination).toEqual({ page: 1, limit: 25, total: 1, totalPages: 1 });
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attemptCount: 1, nextAttemptAt: null });
    expect(log.deliveries[0].attempts).toEqual([
      expect.objectContaining({ statusCode: 200, responseExcerpt: 'ok', error: null }),
    ]);
  });
});

describe('events', () => {
  it('sends survey.sent, survey.opened (the first opening only) and survey.completed with answers and scores', async () => {
    const { client } = await signUpClient(t.client());
    const { webhookId, secret } = await addWebhook(client, receiver.url);
    const questions = everyQuestion();
    const template = await publishTemplate(client, {
      openingText: 'Hello',
      properties: [],
      questions: [questions.nps],
    });
    const sent = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'rita@example.com' }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const surveyId = sent.json().surveyId as string;
    const respondent = t.client();
    expect((await respondent.get(`/api/surveys/${surveyId}?markAsOpened=true`)).statusCode).toBe(200);
    expect((await respondent.get(`/api/surveys/${surveyId}?markAsOpened=true`)).statusCode).toBe(200);
    const completed = await respondent.patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [questions.nps.id]: 9 },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await deliverPending(webhookId);

    const payloads = verifiedPayloads(secret).map(({ payload }) => payload);
    expect(payloads.map((payload) => payload.type).sort()).toEqual([
      'survey.completed',
      'survey.opened',
      'survey.sent',
    ]);
    const byType = new Map(payloads.map((payload) => [payload.type, payload]));
    expect(byType.get('survey.sent')!.data).toMatchObject({
      surveyId,
      surveyTemplateId: template.surveyTemplateId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'rita@example.com' }],
    });
    expect(byType.get('survey.opened')!.data).toMatchObject({ surveyId });
    expect(byType.get('survey.completed')!.data).toMatchObject({
      surveyId,
      surveyResponses: { [questions.nps.id]: 9 },
      scores: { questionScores: [{ questionId: questions.nps.id, score: 9, percentage: 90 }] },
    });
    expect(Date.parse(byType.get('survey.completed')!.timestamp)).not.toBeNaN();
  });

  it('writes no event in a workspace without a webhook for the type', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId;
    await addWebhook(client, receiver.url, ['contact.unsubscribed']);
    const questions = everyQuestion();
    const template = await publishTemplate(client, {
      openingText: 'Hello',
      properties: [],
      questions: [questions.nps],
    });
    const sent = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'quiet@example.com' }],
    });
    const surveyId = sent.json().surveyId as string;
    await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [questions.nps.id]: 3 },
    });
    expect(
      await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, workspaceId)),
    ).toEqual([]);
  });

  it('sends alert.fired, case.updated and contact.unsubscribed', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId;
    const { webhookId, secret } = await addWebhook(client, receiver.url, [
      'alert.fired',
      'case.updated',
      'contact.unsubscribed',
    ]);
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'detractor',
        name: 'Detractor',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'LESS_THAN', value: 7 }],
        recipients: [startup.account.emailAddress],
        notificationChannels: ['email'],
      },
    ]);
    const sent = await client.post('/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'unhappy@example.com' }],
    });
    const surveyId = sent.json().surveyId as string;
    await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [questions.nps.id]: 2 },
    });
    const [caseRow] = await t.ctx.db.select().from(cases).where(eq(cases.surveyId, surveyId));
    expect(caseRow).toBeDefined();
    const moved = await client.patch(`/api/cases/${caseRow!.id}`, { status: 'in_progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    const token = createUnsubscribeToken(t.ctx.config.sessionSecret, workspaceId, 'unhappy@example.com');
    expect((await t.client().post(`/api/unsubscribe/${token}`)).statusCode).toBe(200);
    // Unsubscribing again adds nobody: no second event.
    expect((await t.client().post(`/api/unsubscribe/${token}`)).statusCode).toBe(200);
    await deliverPending(webhookId);

    const payloads = verifiedPayloads(secret).map(({ payload }) => payload);
    expect(payloads.map((payload) => payload.type).sort()).toEqual([
      'alert.fired',
      'case.updated',
      'contact.unsubscribed',
    ]);
    const byType = new Map(payloads.map((payload) => [payload.type, payload]));
    expect(byType.get('alert.fired')!.data).toMatchObject({
      alertId: 'detractor',
      alertName: 'Detractor',
      surveyId,
    });
    expect(byType.get('case.updated')!.data).toMatchObject({
      caseId: caseRow!.id,
      status: 'in_progress',
      changes: { status: { from: 'open', to: 'in_progress' } },
    });
    expect(byType.get('contact.unsubscribed')!.data).toMatchObject({
      contact: 'unhappy@example.com',
      contactType: 'email',
      source: 'unsubscribe-link',
    });
  });
});
