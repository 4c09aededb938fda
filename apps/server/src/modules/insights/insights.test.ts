import { readFileSync } from 'node:fs';
import { marginOfError, npsSample, sampleFromSums } from '@graphium/shared/statistics';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { caseWorkspace } from '../cases/test-cases-fixtures.js';
import { rebuildDailyStats } from '../responses/response-daily-stats.repository.js';
import { bearer } from '../surveys/test-fixtures.js';
import { periodFigures } from './period-figures.service.js';
import { march, npsTemplate, sendAndAnswer, starsTemplate } from './test-insights-fixtures.js';

// Workspace A: "Tyres" (NPS) and "Wash" (stars), answered in the week of 3-9 March and the week of
// 10-16 March; workspace B answers in the same week and must never show in A's figures.
let t: TestApp;
let a: Awaited<ReturnType<typeof caseWorkspace>>;
let b: TestClient;
let tyres: Awaited<ReturnType<typeof npsTemplate>>;
let wash: Awaited<ReturnType<typeof starsTemplate>>;
let other: Awaited<ReturnType<typeof npsTemplate>>;
const week = 'from=2026-03-10&to=2026-03-16';

beforeAll(async () => {
  t = await createTestApp();
  a = await caseWorkspace(t);
  tyres = await npsTemplate(a.admin, 'Tyres');
  wash = await starsTemplate(a.admin, 'Wash');
  for (const value of [10, 10, 6, 8])
    await sendAndAnswer(t, a.admin, tyres, march(5), { value, on: march(5) });
  await sendAndAnswer(t, a.admin, tyres, march(5));
  // Sent in the previous week, answered in this one: responded then, completed now.
  await sendAndAnswer(t, a.admin, tyres, march(6), { value: 9, on: march(11) });
  for (const value of [10, 9, 3]) await sendAndAnswer(t, a.admin, tyres, march(12), { value, on: march(12) });
  for (const value of [5, 3]) await sendAndAnswer(t, a.admin, wash, march(4), { value, on: march(4) });
  for (const value of [1, 2, 3]) await sendAndAnswer(t, a.admin, wash, march(14), { value, on: march(14) });

  b = (await signUpClient(t.client())).client;
  other = await npsTemplate(b, 'Other');
  for (let index = 0; index < 3; index += 1)
    await sendAndAnswer(t, b, other, march(12), { value: 0, on: march(12) });
  t.setNow(march(17));
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

const npsMargin = (promoters: number, passives: number, detractors: number) =>
  marginOfError(npsSample({ promoters, passives, detractors }));
const meanMargin = (values: number[]) =>
  marginOfError(
    sampleFromSums(
      values.length,
      values.reduce((sum, value) => sum + value, 0),
      values.reduce((sum, value) => sum + value * value, 0),
    ),
  );

describe('GET /dashboard', () => {
  it('gives the period and the previous one with margins, changes, trend, cases and movers', async () => {
    const response = await a.admin.get(`/api/dashboard?${week}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const { figures } = body;
    expect(figures.period).toEqual({ from: '2026-03-10', to: '2026-03-16' });
    expect(figures.previousPeriod).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    // NPS: 10, 10, 6, 8 before (25); 9, 10, 9, 3 now (50).
    expect(figures.nps.current).toEqual({
      value: 50,
      count: 4,
      marginOfError: npsMargin(3, 0, 1),
      indicative: true,
    });
    expect(figures.nps.previous).toMatchObject({ value: 25, count: 4, marginOfError: npsMargin(2, 1, 1) });
    expect(figures.nps.change).toMatchObject({ difference: 25, test: 'welch', significant: false });
    // Composite: NPS percentages and stars (1 star 0%, 5 stars 100%) together.
    const before = [100, 100, 60, 80, 100, 50];
    const now = [90, 100, 90, 30, 0, 25, 50];
    expect(figures.composite.current.value).toBeCloseTo(385 / 7, 9);
    expect(figures.composite.current.marginOfError).toBeCloseTo(meanMargin(now)!, 9);
    expect(figures.composite.previous.value).toBeCloseTo(490 / 6, 9);
    expect(figures.composite.previous.marginOfError).toBeCloseTo(meanMargin(before)!, 9);
    expect(figures.composite.change.test).toBe('welch');
    expect(figures.responses).toEqual({ current: 7, previous: 6 });
    // Sent before: 6 + 2, of which 5 + 2 are complete now; sent now: 3 + 3, all complete.
    expect(figures.responseRate.current).toEqual({ value: 100, sent: 6, responded: 6 });
    expect(figures.responseRate.previous).toEqual({ value: 87.5, sent: 8, responded: 7 });
    expect(figures.responseRate.change).toMatchObject({ difference: 12.5, test: 'two-proportion' });

    expect(body.bucket).toBe('day');
    expect(body.trend.map((point: { start: string }) => point.start)).toEqual(
      ['10', '11', '12', '13', '14', '15', '16'].map((day) => `2026-03-${day}`),
    );
    expect(body.trend.map((point: { responses: number }) => point.responses)).toEqual([0, 1, 3, 0, 3, 0, 0]);
    expect(body.trend[2].nps).toMatchObject({ value: 100 / 3, count: 3 });
    // The two answers below 7 opened cases due an hour later.
    expect(body.cases).toEqual({ open: 2, overdue: 2 });
    expect(
      body.movers.map((mover: { name: string; measure: string; change: { difference: number } }) => [
        mover.name,
        mover.measure,
        mover.change.difference,
      ]),
    ).toEqual([
      ['Wash', 'composite', -50],
      ['Tyres', 'nps', 25],
    ]);
    expect(body.templates.map((template: { name: string }) => template.name)).toEqual(['Tyres', 'Wash']);
  });

  it('narrows to the chosen templates, and buckets longer ranges by week and month', async () => {
    const response = await a.viewer.client.get(`/api/dashboard?${week}&templateIds=${wash.surveyTemplateId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { figures, cases, movers } = response.json();
    expect(figures.nps.current).toEqual({ value: null, count: 0, marginOfError: null, indicative: true });
    expect(figures.nps.change).toBeNull();
    expect(figures.composite.current).toMatchObject({ value: 25, count: 3 });
    expect(figures.composite.previous).toMatchObject({ value: 75, count: 2 });
    expect(cases).toEqual({ open: 0, overdue: 0 });
    expect(movers).toHaveLength(1);

    const weeks = (await a.admin.get('/api/dashboard?from=2026-02-01&to=2026-03-31')).json();
    expect(weeks.bucket).toBe('week');
    expect(weeks.trend[0].start).toBe('2026-02-01');
    expect(weeks.trend[1].start).toBe('2026-02-02');
    const halfYear = (await a.admin.get('/api/dashboard?from=2025-10-15&to=2026-03-31')).json();
    expect(halfYear.bucket).toBe('week');
    const year = (await a.admin.get('/api/dashboard?from=2025-04-01&to=2026-03-31')).json();
    expect(year.bucket).toBe('month');
    expect(year.trend).toHaveLength(12);
    expect(year.trend[11]).toMatchObject({ start: '2026-03-01', responses: 13 });
    expect(year.figures.responses.current).toBe(13);
  });

  it("never counts another workspace's surveys, and answers 404 for its templates", async () => {
    const own = (await b.get(`/api/dashboard?${week}`)).json();
    expect(own.figures.nps.current).toMatchObject({ value: -100, count: 3 });
    expect(own.figures.responses).toEqual({ current: 3, previous: 0 });
    expect(own.templates.map((template: { name: string }) => template.name)).toEqual(['Other']);
    expect(own.cases).toEqual({ open: 3, overdue: 3 });

    const foreign = await a.admin.get(`/api/dashboard?${week}&templateIds=${other.surveyTemplateId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Survey template not found');
  });

  it('lets any member and API keys read, and nobody else', async () => {
    expect((await a.viewer.client.get(`/api/dashboard?${week}`)).statusCode).toBe(200);
    expect((await a.editor.client.get(`/api/dashboard?${week}`)).statusCode).toBe(200);
    const key = await a.admin.post('/api/customers/api-keys', { apiKeyName: 'Reports', scope: 'read' });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await t.client().get(`/api/dashboard?${week}`, bearer(key.json().apiKey));
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().figures.responses.current).toBe(7);
    expect((await t.client().get(`/api/dashboard?${week}`)).statusCode).toBe(401);
  });

  it.each([
    ['from=2026-03-10', 'to'],
    ['from=2026-03-16&to=2026-03-10', 'to must be on or after from'],
    ['from=2024-01-01&to=2026-03-10', 'at most two years'],
    ['from=2026-02-30&to=2026-03-10', 'YYYY-MM-DD'],
    ['from=2026-03-01&to=2026-03-10&templateIds=nope', 'Survey template not found'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const response = await a.admin.get(`/api/dashboard?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });
});

describe('periodFigures', () => {
  it('gives the figures the dashboard shows, for the workspace or some of its templates', async () => {
    const [template] = await t.ctx.db
      .select({ workspaceId: templates.workspaceId })
      .from(templates)
      .where(eq(templates.id, tyres.surveyTemplateId));
    const workspaceId = template!.workspaceId;
    const dashboard = (await a.admin.get(`/api/dashboard?${week}`)).json();
    const figures = await periodFigures(t.ctx.db, {
      workspaceId,
      from: '2026-03-10',
      to: '2026-03-16',
      timeZone: 'UTC',
    });
    expect(JSON.parse(JSON.stringify(figures))).toEqual(dashboard.figures);
    const washOnly = await periodFigures(t.ctx.db, {
      workspaceId,
      templateIds: [wash.surveyTemplateId],
      from: '2026-03-10',
      to: '2026-03-16',
      timeZone: 'UTC',
    });
    expect(washOnly.responses).toEqual({ current: 3, previous: 2 });
    expect(washOnly.nps.current.count).toBe(0);
  });
});

describe('the daily aggregate', () => {
  it("is rebuilt by the migration's backfill exactly as sending and completing wrote it", async () => {
    const read = async () =>
      (
        (await t.ctx.db.execute(
          sql`select template_id, day::text, workspace_id, sent_count, responded_count, completed_count,
                promoters, passives, detractors, composite_count, round(composite_sum::numeric, 6)::text as sum,
                round(composite_sum_of_squares::numeric, 6)::text as squares
              from response_daily_stats order by template_id, day`,
        )) as { rows: unknown[] }
      ).rows;
    const written = await read();
    expect(written.length).toBeGreaterThan(5);
    const migration = readFileSync(
      new URL('../../db/migrations/0020_response_daily_stats.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
    await t.ctx.db.execute(sql`delete from response_daily_stats`);
    await t.ctx.db.execute(sql.raw(backfill!));
    expect(await read()).toEqual(written);
  });

  it('is written in the local days of the workspace’s zone, as the rebuild statement makes it (decision 035)', async () => {
    const auckland = (await signUpClient(t.client())).client;
    const zone = await auckland.put('/api/workspace/notification-settings', { timeZone: 'Pacific/Auckland' });
    expect(zone.statusCode, zone.body).toBe(200);
    const workspaceId = (await auckland.get('/api/accounts/startup')).json().workspaces[0]
      .workspaceId as string;
    const template = await npsTemplate(auckland, 'Harbour');
    // Before any read the rows are in UTC days; the first read rebuilds them in Auckland's.
    await sendAndAnswer(t, auckland, template, new Date('2026-03-09T10:30:00Z'), {
      value: 9,
      on: new Date('2026-03-09T11:30:00Z'),
    });
    const first = await auckland.get('/api/dashboard?from=2026-03-10&to=2026-03-10');
    expect(first.json().figures.responses.current).toBe(1);
    // Written in Auckland's days from now on: 23:30 on the 10th, 00:30 on the 11th (NZDT, +13).
    await sendAndAnswer(t, auckland, template, new Date('2026-03-10T01:00:00Z'), {
      value: 3,
      on: new Date('2026-03-10T10:30:00Z'),
    });
    await sendAndAnswer(t, auckland, template, new Date('2026-03-10T02:00:00Z'), {
      value: 10,
      on: new Date('2026-03-10T11:30:00Z'),
    });
    const read = async () =>
      (
        (await t.ctx.db.execute(
          sql`select template_id, day::text, sent_count, responded_count, completed_count, promoters, detractors
              from response_daily_stats where workspace_id = ${workspaceId} order by template_id, day`,
        )) as { rows: unknown[] }
      ).rows;
    const written = await read();
    expect(written).toEqual([
      expect.objectContaining({ day: '2026-03-09', sent_count: 1, responded_count: 1, completed_count: 0 }),
      expect.objectContaining({
        day: '2026-03-10',
        sent_count: 2,
        responded_count: 2,
        completed_count: 2,
        detractors: 1,
      }),
      expect.objectContaining({ day: '2026-03-11', sent_count: 0, completed_count: 1, promoters: 1 }),
    ]);
    await t.ctx.db.execute(
      sql`update response_daily_stats_zones set time_zone = 'UTC' where workspace_id = ${workspaceId}`,
    );
    await t.ctx.db.transaction((tx) => rebuildDailyStats(tx, workspaceId, 'Pacific/Auckland'));
    expect(await read()).toEqual(written);
    const days = await auckland.get('/api/dashboard?from=2026-03-10&to=2026-03-11');
    expect(days.json().trend.map((point: { responses: number }) => point.responses)).toEqual([2, 1]);
    t.setNow(march(17));
  });

  it('rebuilds from events on both sides of its five-minute cutoff as the writes made them', async () => {
    // The rebuild reads events older than five minutes apart from the newer ones (sends and
    // completions go on meanwhile): here one of each, on the real clock.
    t.setNow(undefined);
    const client = (await signUpClient(t.client())).client;
    const zone = await client.put('/api/workspace/notification-settings', { timeZone: 'Pacific/Auckland' });
    expect(zone.statusCode, zone.body).toBe(200);
    const workspaceId = (await client.get('/api/accounts/startup')).json().workspaces[0]
      .workspaceId as string;
    const template = await npsTemplate(client, 'Cutoff');
    expect((await client.get('/api/dashboard?from=2026-03-10&to=2026-03-10')).statusCode).toBe(200);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await sendAndAnswer(t, client, template, hourAgo, { value: 8, on: new Date(hourAgo.getTime() + 60_000) });
    await sendAndAnswer(t, client, template, hourAgo, { value: 3, on: new Date() });
    await sendAndAnswer(t, client, template, new Date(), { value: 10, on: new Date() });
    await sendAndAnswer(t, client, template, new Date());
    t.setNow(undefined);
    const read = async () =>
      (
        (await t.ctx.db.execute(
          sql`select template_id, day::text, sent_count, responded_count, completed_count, promoters, passives,
                detractors from response_daily_stats where workspace_id = ${workspaceId} order by template_id, day`,
        )) as { rows: unknown[] }
      ).rows;
    const written = await read();
    expect(written.length).toBeGreaterThan(0);
    // Rows cut at UTC, as if the zone had just changed: the rebuild makes Auckland's again.
    await t.ctx.db.execute(
      sql`update response_daily_stats_zones set time_zone = 'UTC' where workspace_id = ${workspaceId}`,
    );
    expect(await t.ctx.db.transaction((tx) => rebuildDailyStats(tx, workspaceId, 'Pacific/Auckland'))).toBe(
      true,
    );
    expect(await read()).toEqual(written);
    t.setNow(march(17));
  });
});
