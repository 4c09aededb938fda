import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { findDailyStatsZone } from '../responses/response-aggregates.service.js';
import { prepareDashboardDays, rebuildDashboardDays } from './dashboard.service.js';
import { march, npsTemplate, sendAndAnswer } from './test-insights-fixtures.js';

// A time-zone change rebuilds the dashboard's daily rows (decision 035): in the request for a
// small workspace, by a job for a large one, whose dashboard keeps the previous zone's days
// meanwhile and says so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dashboard days after a time-zone change', () => {
  it('keeps a large workspace on its previous days until the job has rebuilt them', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId as string;
    const template = await npsTemplate(client, 'Ferry');
    // Answered at 11:30 UTC on the 9th: the 9th in UTC, the 10th in Auckland (+13).
    await sendAndAnswer(t, client, template, march(9), { value: 10, on: new Date('2026-03-09T11:30:00Z') });
    t.setNow(march(12));
    const before = await client.get('/api/dashboard?from=2026-03-09&to=2026-03-09');
    expect(before.json()).toMatchObject({ timeZone: 'UTC', figures: { responses: { current: 1 } } });

    const zone = await client.put('/api/workspace/notification-settings', { timeZone: 'Pacific/Auckland' });
    expect(zone.statusCode, zone.body).toBe(200);
    // As if the workspace were past the size rebuilt within a request (a limit of 0 surveys).
    expect(await prepareDashboardDays(t.ctx, workspaceId, 'Pacific/Auckland', 'UTC', 0)).toEqual({
      daysZone: 'UTC',
      pendingTimeZone: 'Pacific/Auckland',
    });
    expect(await findDailyStatsZone(t.ctx.db, workspaceId)).toBe('UTC');
    // Another load while the job waits asks for it again: still one job.
    await prepareDashboardDays(t.ctx, workspaceId, 'Pacific/Auckland', 'UTC', 0);
    expect((await t.ctx.jobs.sizes())['rebuild-daily-stats']).toBe(1);

    // The job's work.
    expect(await rebuildDashboardDays(t.ctx, workspaceId)).toBe('Pacific/Auckland');
    const after = await client.get('/api/dashboard?from=2026-03-10&to=2026-03-10');
    expect(after.json()).toMatchObject({
      timeZone: 'Pacific/Auckland',
      figures: { responses: { current: 1 } },
    });
  });

  it('rebuilds a small workspace within the request', async () => {
    const { client } = await signUpClient(t.client());
    const template = await npsTemplate(client, 'Tram');
    await sendAndAnswer(t, client, template, march(9), { value: 9, on: new Date('2026-03-09T11:30:00Z') });
    t.setNow(march(12));
    expect((await client.get('/api/dashboard?from=2026-03-09&to=2026-03-09')).json().timeZone).toBe('UTC');
    await client.put('/api/workspace/notification-settings', { timeZone: 'Pacific/Auckland' });
    const after = await client.get('/api/dashboard?from=2026-03-10&to=2026-03-10');
    expect(after.json()).toMatchObject({
      timeZone: 'Pacific/Auckland',
      figures: { responses: { current: 1 } },
    });
  });
});
