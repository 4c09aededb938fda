import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, reportDigestSends } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { digestChartAlt } from './digest-chart.js';
import { figureLines } from './digest-email.js';
import { sendDigest } from './digests.service.js';
import { completeAt, digestTemplate, workspaceIn } from './test-reports-fixtures.js';

// One source of figures (docs/decisions/035-alert-properties-and-one-source-of-figures.md): a digest
// shows the dashboard's figures for the same template, local days and time zone. Surveys complete
// just before and after local midnights, in weeks and months with a daylight-saving change, in
// zones far from UTC, so UTC days would count other surveys.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (iso: string) => new Date(iso);

async function subscribe(client: TestClient, templateId: string, frequency: 'weekly' | 'monthly') {
  t.setNow(at('2026-01-01T00:00:00Z'));
  const created = await client.post('/api/report-subscriptions', { surveyTemplateId: templateId, frequency });
  t.setNow(undefined);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().reportSubscriptionId as string;
}

/** Sends the digest at `now` and answers its plain text. */
async function digestText(subscriptionId: string, periodStart: string, now: Date): Promise<string> {
  t.setNow(now);
  try {
    expect(await sendDigest(t.ctx, subscriptionId, periodStart)).toBe('sent');
  } finally {
    t.setNow(undefined);
  }
  const [send] = await t.ctx.db
    .select()
    .from(reportDigestSends)
    .where(eq(reportDigestSends.subscriptionId, subscriptionId));
  const [message] = await t.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, send!.outboxMessageId!));
  return message!.textBody;
}

async function dashboardOf(client: TestClient, templateId: string, from: string, to: string) {
  const response = await client.get(`/api/dashboard?from=${from}&to=${to}&templateIds=${templateId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The digest shows every figure line and the chart's days exactly as the dashboard answers them. */
function expectSameFigures(text: string, dashboard: Awaited<ReturnType<typeof dashboardOf>>) {
  for (const line of figureLines(dashboard.figures)) {
    expect(text).toContain(`${line.label}: ${line.current} (`);
    expect(text).toContain(`: ${line.previous}; change: ${line.change})`);
  }
  const days = dashboard.trend.map((point: { start: string; responses: number }) => ({
    day: point.start,
    count: point.responses,
  }));
  expect(text).toContain(digestChartAlt(days));
}

describe('digests and the dashboard', () => {
  it('agree in Pacific/Auckland over a week around midnight and the end of daylight saving', async () => {
    const workspace = await workspaceIn(t, 'Pacific/Auckland');
    const template = await digestTemplate(workspace.client, 'Harbour visit');
    const { nps, stars } = template.questions;
    const versionId = template.surveyTemplateVersionId;
    const complete = (answers: [number, number] | null, sentAt: string, completedAt?: string) =>
      completeAt(
        t,
        workspace.client,
        versionId,
        answers ? { [nps.id]: answers[0], [stars.id]: answers[1] } : {},
        { sentAt: at(sentAt), ...(completedAt ? { completedAt: at(completedAt) } : {}) },
      );
    // The week is Monday 30 March to Sunday 5 April 2026 (NZDT, +13, until 03:00 on 5 April; then NZST, +12).
    await complete([10, 5], '2026-03-29T10:30:00Z', '2026-03-29T11:30:00Z'); // 00:30 on the 30th: this week
    await complete([6, 3], '2026-03-25T01:00:00Z', '2026-03-26T01:00:00Z'); // the week before
    // The first read cuts the aggregate at Auckland's days (it was kept in UTC days until now).
    const before = await dashboardOf(workspace.client, template.surveyTemplateId, '2026-03-30', '2026-04-05');
    expect(before.timeZone).toBe('Pacific/Auckland');
    expect(before.figures.responses).toEqual({ current: 1, previous: 1 });
    // Later writes count in Auckland's days directly.
    await complete([8, 4], '2026-03-29T10:45:00Z', '2026-03-29T12:00:00Z'); // 01:00 on the 30th: this week
    await complete([2, 1], '2026-04-01T01:00:00Z', '2026-04-05T11:30:00Z'); // 23:30 NZST on the 5th: this week
    await complete([9, 4], '2026-04-02T01:00:00Z', '2026-04-05T12:30:00Z'); // 00:30 on the 6th: next week
    await complete(null, '2026-03-31T01:00:00Z'); // sent this week, not answered

    const subscriptionId = await subscribe(workspace.client, template.surveyTemplateId, 'weekly');
    // Due Monday 6 April 08:00 NZST.
    const text = await digestText(subscriptionId, '2026-03-30', at('2026-04-05T20:00:00Z'));
    const dashboard = await dashboardOf(
      workspace.client,
      template.surveyTemplateId,
      '2026-03-30',
      '2026-04-05',
    );
    // In UTC days the week would have had 2 responses (the 5th's two) and the week before 3.
    expect(dashboard.figures.responses).toEqual({ current: 3, previous: 1 });
    // Sent this week: three (31 March, 1 and 2 April), two of them complete now.
    expect(dashboard.figures.responseRate.current).toMatchObject({ sent: 3, responded: 2 });
    expect(dashboard.figures.nps.current.count).toBe(3);
    expect(dashboard.trend.map((point: { responses: number }) => point.responses)).toEqual([
      2, 0, 0, 0, 0, 0, 1,
    ]);
    expectSameFigures(text, dashboard);
  });

  it('agree in America/Los_Angeles over a month around midnight and the start of daylight saving', async () => {
    const workspace = await workspaceIn(t, 'America/Los_Angeles');
    const template = await digestTemplate(workspace.client, 'Store visit');
    const { nps, stars } = template.questions;
    const versionId = template.surveyTemplateVersionId;
    const complete = (answers: [number, number], sentAt: string, completedAt: string) =>
      completeAt(
        t,
        workspace.client,
        versionId,
        { [nps.id]: answers[0], [stars.id]: answers[1] },
        { sentAt: at(sentAt), completedAt: at(completedAt) },
      );
    // March 2026 (PST, −8, until 02:00 on 8 March; then PDT, −7).
    await complete([10, 5], '2026-03-01T07:30:00Z', '2026-03-01T09:00:00Z'); // sent 28 Feb 23:30, done 1 March 01:00
    await complete([3, 2], '2026-03-10T18:00:00Z', '2026-04-01T06:30:00Z'); // 31 March 23:30 PDT: March
    await complete([8, 4], '2026-03-15T18:00:00Z', '2026-04-01T07:30:00Z'); // 1 April 00:30 PDT: April
    await complete([7, 3], '2026-02-10T18:00:00Z', '2026-02-11T18:00:00Z'); // the days before

    const subscriptionId = await subscribe(workspace.client, template.surveyTemplateId, 'monthly');
    // Due 1 April 08:00 PDT.
    const text = await digestText(subscriptionId, '2026-03-01', at('2026-04-01T15:00:00Z'));
    const dashboard = await dashboardOf(
      workspace.client,
      template.surveyTemplateId,
      '2026-03-01',
      '2026-03-31',
    );
    // In UTC days March would have had one response (the 1st's).
    expect(dashboard.figures.responses).toEqual({ current: 2, previous: 1 });
    // The period before has as many days: 29 January to 28 February.
    expect(dashboard.figures.previousPeriod).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(dashboard.figures.responseRate.current).toMatchObject({ sent: 2, responded: 2 });
    expect(text).toContain('31 days before');
    expectSameFigures(text, dashboard);
  });
});
