import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { surveyAlerts } from '../../db/schema/index.js';
import { startTestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

// What the alerts tests share: a fake Slack, templates with alerts, completed surveys and the alert rows they
// made.
export interface FakeSlack {
  url: string;
  hostPort: string;
  received: { path: string; body: { text: string } }[];
  status: number;
  server: Server;
}

async function startFakeSlack(): Promise<FakeSlack> {
  const fake = { received: [], status: 200 } as unknown as FakeSlack;
  fake.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.received.push({
        path: request.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.statusCode = fake.status;
      if (fake.status === 302) response.setHeader('location', 'http://127.0.0.1:9/elsewhere');
      response.end(fake.status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const address = fake.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fake.hostPort = `127.0.0.1:${port}`;
  fake.url = `http://${fake.hostPort}/services/T000/B000/secret`;
  return fake;
}

let sequence = 0;
export function uniqueEmail(name: string) {
  sequence += 1;
  return `${name}.${Date.now().toString(36)}.${sequence}@example.com`;
}

export type Questions = ReturnType<typeof everyQuestion>;

export async function templateWithAlerts(
  client: TestClient,
  alerts: (questions: Questions) => object[],
): Promise<{ versionId: string; templateId: string; questions: Questions; name: string }> {
  const questions = everyQuestion();
  const name = `Service check ${sequence++}`;
  const template = await publishTemplate(
    client,
    { openingText: 'Hello', properties: [], questions: Object.values(questions) },
    { name, settings: { alerts: alerts(questions) } },
  );
  return {
    versionId: template.surveyTemplateVersionId,
    templateId: template.surveyTemplateId,
    questions,
    name,
  };
}

export async function completeSurvey(
  t: TestApp,
  client: TestClient,
  versionId: string,
  answers: Record<string, unknown>,
  respondentEmail = uniqueEmail('respondent'),
): Promise<string> {
  const sent = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: respondentEmail }],
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const surveyId = sent.json().surveyId as string;
  const completed = await t
    .client()
    .patch(`/api/surveys/${surveyId}?markAsComplete=true`, { surveyResponses: answers });
  expect(completed.statusCode, completed.body).toBe(200);
  return surveyId;
}

export async function alertRows(t: TestApp, surveyId: string) {
  return t.ctx.db.select().from(surveyAlerts).where(eq(surveyAlerts.surveyId, surveyId));
}

export async function setWebhook(client: TestClient, slackWebhookUrl: string | null) {
  return client.request('PUT', '/api/workspace/notification-settings', { slackWebhookUrl });
}

/** A test app with its worker, a mailbox, and a fake Slack the app may post to on its private address. */
export async function startAlertsTestApp() {
  const mailbox = await startTestMailbox();
  const slack = await startFakeSlack();
  const t = await createTestApp({
    env: { SMTP_URL: mailbox.url, SLACK_ALLOWED_PRIVATE_HOSTS: slack.hostPort },
    withWorker: true,
  });
  const close = async () => {
    await t.close();
    await mailbox.close();
    slack.server.closeAllConnections();
    await new Promise((resolve) => slack.server.close(resolve));
  };
  return { t, mailbox, slack, close };
}
