import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, outboxMessages } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import {
  alertRows,
  completeSurvey,
  type FakeSlack,
  setWebhook,
  startAlertsTestApp,
  templateWithAlerts,
  uniqueEmail,
} from './test-alerts-fixtures.js';

let t: TestApp;
let slack: FakeSlack;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, slack, close } = await startAlertsTestApp());
});
afterAll(() => close());

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
      phoneCountry: 'US',
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
    const blockedSurvey = await completeSurvey(t, client, versionId, { [questions.nps.id]: 5 });
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
    expect(await alertRows(t, blockedSurvey)).toHaveLength(1);

    await t.ctx.db
      .update(notificationSettings)
      .set({ slackWebhookUrl: slack.url })
      .where(eq(notificationSettings.workspaceId, workspaceId));
    slack.status = 302;
    try {
      const before = slack.received.length;
      await completeSurvey(t, client, versionId, { [questions.nps.id]: 6 });
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
      // The alert says so on its card.
      await expect
        .poll(async () => {
          const listed = (await client.get('/api/survey-alerts/')).json().surveyAlerts as {
            undelivered: { channel: string; lastError: string }[];
          }[];
          return listed[0]?.undelivered.map((message) => `${message.channel}: ${message.lastError}`);
        })
        .toEqual([expect.stringMatching(/^slack: .*302 \(a redirect, which is not followed\)/)]);
      // And in Settings → Notifications, with its alert, to send again once Slack is fixed.
      const undelivered = (await client.get('/api/survey-alerts/undelivered')).json().notifications as {
        outboxId: string;
        alertName: string;
        channel: string;
        lastError: string;
      }[];
      const redirected = undelivered.find((item) => item.lastError.includes('302'));
      expect(redirected).toMatchObject({ alertName: 'Slack only', channel: 'slack' });
      const stranger = await signUpClient(t.client());
      expect(
        (await stranger.client.post(`/api/survey-alerts/undelivered/${redirected!.outboxId}/retry`))
          .statusCode,
      ).toBe(404);
      slack.status = 200;
      const resent = slack.received.length;
      const retried = await client.post(`/api/survey-alerts/undelivered/${redirected!.outboxId}/retry`);
      expect(retried.statusCode).toBe(200);
      await expect.poll(() => slack.received.length, { timeout: 5000 }).toBe(resent + 1);
      await expect
        .poll(async () =>
          (
            (await client.get('/api/survey-alerts/undelivered')).json().notifications as {
              outboxId: string;
            }[]
          ).some((item) => item.outboxId === redirected!.outboxId),
        )
        .toBe(false);
      expect(
        (await client.post(`/api/survey-alerts/undelivered/${redirected!.outboxId}/retry`)).statusCode,
      ).toBe(409);
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
