import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, outboxMessages, surveyAlerts } from '../../db/schema/index.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { fireSurveyAlerts } from './alerts.service.js';

/** A local HTTP server standing in for Slack's incoming webhooks. */
interface FakeSlack {
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

let t: TestApp;
let mailbox: TestMailbox;
let slack: FakeSlack;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  slack = await startFakeSlack();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, SLACK_ALLOWED_PRIVATE_HOSTS: slack.hostPort },
    withWorker: true,
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  slack.server.closeAllConnections();
  await new Promise((resolve) => slack.server.close(resolve));
});

let sequence = 0;
function uniqueEmail(name: string) {
  sequence += 1;
  return `${name}.${Date.now().toString(36)}.${sequence}@example.com`;
}

type Questions = ReturnType<typeof everyQuestion>;

async function templateWithAlerts(
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

async function completeSurvey(
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

async function alertRows(surveyId: string) {
  return t.ctx.db.select().from(surveyAlerts).where(eq(surveyAlerts.surveyId, surveyId));
}

async function setWebhook(client: TestClient, slackWebhookUrl: string | null) {
  return client.request('PUT', '/api/workspace/notification-settings', { slackWebhookUrl });
}

describe('alerts when a survey completes', () => {
  it('fires an alert whose conditions all hold: a survey alert, e-mails and Slack within 5 s', async () => {
    const { client } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
    expect((await setWebhook(client, slack.url)).statusCode).toBe(200);
    const chief = uniqueEmail('chief');
    const deputy = uniqueEmail('deputy');
    const { versionId, questions, name } = await templateWithAlerts(client, (q) => [
      {
        id: 'detractor',
        name: 'Unhappy customer',
        conditions: [
          { surveyQuestionId: q.nps.id, operator: 'LESS_THAN', value: 7 },
          { surveyQuestionId: q.choice.id, operator: 'IS_EQUAL', value: 'Oil' },
        ],
        recipients: [chief, deputy],
        notificationChannels: ['email', 'slack'],
      },
      {
        id: 'promoter',
        name: 'Fan',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'GREATER_THAN', value: 8 }],
        recipients: [chief],
      },
    ]);
    const respondent = uniqueEmail('respondent');
    const startedAt = Date.now();
    const surveyId = await completeSurvey(
      client,
      versionId,
      { [questions.nps.id]: 3, [questions.choice.id]: ['Tyres', 'Oil'] },
      respondent,
    );
    const mail = await mailbox.waitFor(chief, 5000);
    await mailbox.waitFor(deputy, 5000);
    await expect.poll(() => slack.received.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(Date.now() - startedAt).toBeLessThan(5000);

    const link = `http://graphium.test/survey-templates/${versionId}/responses/${surveyId}`;
    expect(mail.subject).toBe(`Alert: Unhappy customer (${name})`);
    expect(mail.text).toContain(respondent);
    expect(mail.text).toContain('How likely are you to recommend us?: 3 (is less than 7)');
    expect(mail.text).toContain('What did you buy?: Tyres, Oil (is equal to Oil)');
    expect(mail.text).toContain(link);
    const posted = slack.received.find((item) => item.body.text.includes(link));
    expect(posted?.path).toBe('/services/T000/B000/secret');
    expect(posted?.body.text).toContain('*Unhappy customer*');

    const rows = await alertRows(surveyId);
    expect(rows).toEqual([
      expect.objectContaining({
        alertId: 'detractor',
        alertName: 'Unhappy customer',
        isActive: true,
        matchedConditions: [
          { questionLabel: 'NPS', operator: 'LESS_THAN', value: 7, answer: 3 },
          { questionLabel: 'Bought', operator: 'IS_EQUAL', value: 'Oil', answer: ['Tyres', 'Oil'] },
        ],
      }),
    ]);
    // The Fan alert did not fire: nobody else was written to.
    expect(mailbox.messages.filter((item) => item.subject?.startsWith('Alert: Fan'))).toEqual([]);
  });

  it('fires nothing when a condition fails, and no Slack message without a webhook', async () => {
    const { client } = await signUpClient(t.client());
    const boss = uniqueEmail('boss');
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'a',
        name: 'Empty comment and low stars',
        conditions: [
          { surveyQuestionId: q.stars.id, operator: 'LESS_THAN', value: 3 },
          { surveyQuestionId: q.long.id, operator: 'IS_EMPTY', value: '' },
        ],
        recipients: [boss],
        notificationChannels: ['email', 'slack'],
      },
    ]);
    const quiet = await completeSurvey(client, versionId, {
      [questions.stars.id]: 2,
      [questions.long.id]: 'It was fine',
    });
    expect(await alertRows(quiet)).toEqual([]);
    const fired = await completeSurvey(client, versionId, { [questions.stars.id]: 1 });
    expect(await alertRows(fired)).toHaveLength(1);
    const messages = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.purpose, 'survey-alert'), eq(outboxMessages.recipient, boss)));
    expect(messages).toHaveLength(1);
    await mailbox.waitFor(boss, 5000);
    const slackMessages = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'slack'), eq(outboxMessages.textBody, messages[0]!.textBody)));
    expect(slackMessages).toEqual([]);
  });

  it('matches text and dropdown answers ignoring case, and numeric scales as numbers', async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'words',
        name: 'Words',
        conditions: [
          { surveyQuestionId: q.short.id, operator: 'IS_EQUAL', value: 'ada' },
          { surveyQuestionId: q.dropdown.id, operator: 'IS_NOT_EQUAL', value: 'north' },
          { surveyQuestionId: q.numeric.id, operator: 'IS_EQUAL', value: '6' },
          { surveyQuestionId: q.long.id, operator: 'IS_NOT_EMPTY', value: '' },
        ],
        recipients: [uniqueEmail('words')],
      },
    ]);
    const matching = await completeSurvey(client, versionId, {
      [questions.short.id]: ' ADA ',
      [questions.dropdown.id]: 'South',
      [questions.numeric.id]: 6,
      [questions.long.id]: 'Great',
    });
    expect(await alertRows(matching)).toHaveLength(1);
    const missing = await completeSurvey(client, versionId, {
      [questions.short.id]: 'Ada',
      [questions.dropdown.id]: 'North',
      [questions.numeric.id]: 6,
      [questions.long.id]: 'Great',
    });
    expect(await alertRows(missing)).toEqual([]);
  });
});

describe('Slack webhook addresses', () => {
  it('refuses private, loopback and link-local addresses at save time (400), and http elsewhere', async () => {
    const { client } = await signUpClient(t.client());
    for (const [url, message] of [
      ['https://127.0.0.1/hook', /private or local network/],
      ['https://10.0.0.8/hook', /private or local network/],
      ['https://169.254.169.254/latest', /private or local network/],
      ['https://[::1]/hook', /private or local network/],
      ['https://[::ffff:192.168.1.1]/hook', /private or local network/],
      ['https://localhost/hook', /private or local network/],
      ['http://hooks.example.com/services/x', /must start with https/],
      ['not a url', /valid URL/],
    ] as const) {
      const response = await setWebhook(client, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details.slackWebhookUrl, url).toMatch(message);
    }
    const settings = await client.get('/api/workspace/notification-settings');
    expect(settings.json()).toEqual({
      slackWebhookUrl: null,
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'UTC',
    });
  });

  it('checks again at send time and never follows a redirect', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId;
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'slack-only',
        name: 'Slack only',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'IS_NOT_EMPTY', value: '' }],
        recipients: [uniqueEmail('nobody')],
        notificationChannels: ['slack'],
      },
    ]);
    // Saved earlier (or resolving elsewhere since): a private address that is not allowed.
    await t.ctx.db
      .insert(notificationSettings)
      .values({ workspaceId, slackWebhookUrl: 'https://192.168.0.10/services/x' });
    const blockedSurvey = await completeSurvey(client, versionId, { [questions.nps.id]: 5 });
    const [blocked] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'slack'), eq(outboxMessages.workspaceId, workspaceId)));
    expect(blocked).toBeDefined();
    await expect
      .poll(
        async () =>
          (await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, blocked!.id)))[0]
            ?.lastError,
        {
          timeout: 5000,
        },
      )
      .toMatch(/private or local network/);
    expect(await alertRows(blockedSurvey)).toHaveLength(1);

    await t.ctx.db
      .update(notificationSettings)
      .set({ slackWebhookUrl: slack.url })
      .where(eq(notificationSettings.workspaceId, workspaceId));
    slack.status = 302;
    try {
      const before = slack.received.length;
      await completeSurvey(client, versionId, { [questions.nps.id]: 6 });
      await expect.poll(() => slack.received.length, { timeout: 5000 }).toBe(before + 1);
      const rows = await t.ctx.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'slack'), eq(outboxMessages.workspaceId, workspaceId)));
      await expect
        .poll(async () => {
          const latest = await t.ctx.db
            .select()
            .from(outboxMessages)
            .where(eq(outboxMessages.id, rows.find((row) => row.id !== blocked!.id)!.id));
          return latest[0]?.lastError;
        })
        .toMatch(/302 \(a redirect, which is not followed\)/);
      expect(slack.received.slice(before).every((item) => !item.path.includes('elsewhere'))).toBe(true);
    } finally {
      slack.status = 200;
    }
  });

  it('lets only admins change the settings, and shows the webhook to admins only', async () => {
    const { client: admin } = await signUpClient(t.client());
    expect((await setWebhook(admin, slack.url)).json().slackWebhookUrl).toBe(slack.url);
    const emailAddress = uniqueEmail('viewer');
    const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role: 'viewer' });
    expect(invitation.statusCode).toBe(201);
    const { client: viewer } = await signUpClient(t.client(), {
      emailAddress,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    expect((await setWebhook(viewer, null)).statusCode).toBe(403);
    const seen = await viewer.get('/api/workspace/notification-settings');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().slackWebhookUrl).toBe(`http://${slack.hostPort}/…`);
  });
});

describe('the survey alerts list', () => {
  it('lists the workspace alerts newest first, hides and shows them, and keeps other workspaces out', async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, templateId, questions, name } = await templateWithAlerts(client, (q) => [
      {
        id: 'low',
        name: 'Low score',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'LESS_THAN', value: 5 }],
        recipients: [uniqueEmail('lead')],
        notificationChannels: ['email', 'slack'],
      },
    ]);
    const first = await completeSurvey(client, versionId, { [questions.nps.id]: 1 });
    const second = await completeSurvey(client, versionId, { [questions.nps.id]: 2 });
    const listed = await client.get('/api/survey-alerts/');
    expect(listed.statusCode).toBe(200);
    const alerts = listed.json().surveyAlerts as Record<string, unknown>[];
    expect(alerts.map((alert) => alert.surveyId)).toEqual([second, first]);
    expect(alerts[0]).toEqual({
      surveyAlertId: expect.any(String),
      isActive: true,
      createdAt: expect.any(String),
      alertId: 'low',
      alertName: 'Low score',
      surveyId: second,
      surveyTemplateId: templateId,
      surveyTemplateVersionId: versionId,
      matchedConditions: [{ questionLabel: 'NPS', operator: 'LESS_THAN', value: 5, answer: 2 }],
      survey: {
        surveyTemplate: {
          surveyTemplateName: name,
          surveyTemplateDescription: 'Sent after each visit',
          surveyTemplateSettings: {
            alerts: [{ id: 'low', name: 'Low score', notificationChannels: ['email', 'slack'] }],
          },
        },
      },
    });
    const id = alerts[0]!.surveyAlertId as string;
    const hidden = await client.patch(`/api/survey-alerts/${id}/status`, { isActive: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ surveyAlertId: id, isActive: false });
    expect((await client.get('/api/survey-alerts/')).json().surveyAlerts[0].isActive).toBe(false);
    const shown = await client.patch(`/api/survey-alerts/${id}/status`, { isActive: true });
    expect(shown.json().isActive).toBe(true);
    expect((await client.patch(`/api/survey-alerts/${id}/status`, { isActive: 'no' })).statusCode).toBe(400);

    const { client: stranger } = await signUpClient(t.client());
    expect((await stranger.get('/api/survey-alerts/')).json().surveyAlerts).toEqual([]);
    const foreign = await stranger.patch(`/api/survey-alerts/${id}/status`, { isActive: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Survey alert not found');
    expect(
      (await stranger.patch(`/api/survey-alerts/${randomUUID()}/status`, { isActive: false })).statusCode,
    ).toBe(404);
    expect((await t.client().get('/api/survey-alerts/')).statusCode).toBe(401);
  });

  it('fires once per survey and alert, even if completion were recorded twice', async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'once',
        name: 'Once',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'IS_NOT_EMPTY', value: '' }],
        recipients: [uniqueEmail('once')],
      },
    ]);
    const surveyId = await completeSurvey(client, versionId, { [questions.nps.id]: 4 });
    const again = await t.ctx.db.transaction((tx) =>
      fireSurveyAlerts(t.ctx, tx, surveyId, { [questions.nps.id]: 4 }, t.ctx.now()),
    );
    expect(again).toEqual([]);
    expect(await alertRows(surveyId)).toHaveLength(1);
  });
});

describe('alert delivery without a worker', () => {
  it('leaves from the completing process right after the commit, not from the queue', async () => {
    // No worker runs in this instance (WORKER=off with every worker busy elsewhere): the alert
    // e-mail must still arrive within the 5 s, sent by the process that recorded the completion.
    const lone = await createTestApp({ env: { SMTP_URL: mailbox.url } });
    try {
      const { client } = await signUpClient(lone.client());
      const chief = uniqueEmail('lone-chief');
      const questions = everyQuestion();
      const template = await publishTemplate(
        client,
        { openingText: 'Hello', properties: [], questions: Object.values(questions) },
        {
          name: 'Lone alert',
          settings: {
            alerts: [
              {
                id: 'low',
                name: 'Low score',
                conditions: [{ surveyQuestionId: questions.nps.id, operator: 'LESS_THAN', value: 5 }],
                recipients: [chief],
              },
            ],
          },
        },
      );
      const sent = await client.post('/api/surveys/', {
        surveyTemplateVersionId: template.surveyTemplateVersionId,
        surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('respondent') }],
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const startedAt = Date.now();
      const completed = await lone
        .client()
        .patch(`/api/surveys/${sent.json().surveyId}?markAsComplete=true`, {
          surveyResponses: { [questions.nps.id]: 2 },
        });
      expect(completed.statusCode, completed.body).toBe(200);
      const mail = await mailbox.waitFor(chief, 5000);
      expect(mail.subject).toBe('Alert: Low score (Lone alert)');
      expect(Date.now() - startedAt).toBeLessThan(5000);
      const [row] = await lone.ctx.db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, chief));
      expect(row?.status).toBe('sent');
    } finally {
      await lone.close();
    }
  });
});
