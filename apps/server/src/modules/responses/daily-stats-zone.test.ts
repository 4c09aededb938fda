import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { npsTemplate } from '../insights/test-insights-fixtures.js';
import { rebuildDailyStats } from './response-daily-stats.repository.js';

// The daily aggregate's zone row (docs/decisions/035-alert-properties-and-one-source-of-figures.md):
// a write that arrives while a rebuild for another zone holds the row waits, then counts in the new
// zone's days. Two connections at once: PostgreSQL only (PGlite has one).

const onPostgres = Boolean(inject('postgresTemplate'));

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Until another connection of this database waits on a lock (a condition, not a timer). */
async function untilSomeoneWaits(): Promise<void> {
  for (;;) {
    const result = (await t.ctx.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((result.rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.skipIf(!onPostgres)('a rebuild of the daily aggregate for another zone (PostgreSQL)', () => {
  it('holds back a survey sent meanwhile, which then counts in the new zone’s day', async () => {
    const { client, startup } = await signUpClient(t.client());
    const workspaceId = startup.workspaces[0]!.workspaceId;
    const template = await npsTemplate(client, 'Harbour');
    const saved = await client.put('/api/workspace/notification-settings', { timeZone: 'Pacific/Auckland' });
    expect(saved.statusCode, saved.body).toBe(200);

    // 23:30 UTC on 9 March is 12:30 on 10 March in Auckland (NZDT, +13).
    t.setNow(new Date('2026-03-09T23:30:00Z'));
    let sending: ReturnType<typeof client.post> | undefined;
    await t.ctx.db.transaction(async (tx) => {
      expect(await rebuildDailyStats(tx, workspaceId, 'Pacific/Auckland')).toBe(true);
      sending = client.post('/api/surveys/', {
        surveyTemplateVersionId: template.surveyTemplateVersionId,
        surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'waiting@example.com' }],
      });
      await untilSomeoneWaits();
    });
    const sent = await sending!;
    t.setNow(undefined);
    expect(sent.statusCode, sent.body).toBe(201);
    const rows = (await t.ctx.db.execute(
      sql`select day::text, sent_count from response_daily_stats where workspace_id = ${workspaceId}`,
    )) as unknown as { rows: { day: string; sent_count: number }[] };
    expect(rows.rows).toEqual([{ day: '2026-03-10', sent_count: 1 }]);
  });
});
