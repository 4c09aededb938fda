import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  type RemovalWorld,
  readAggregates,
  rebuiltAggregates,
  seedRemovalWorld,
} from '../responses/test-removal-fixtures.js';
import { applyRetention } from './retention.service.js';

let t: TestApp;
let world: RemovalWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await seedRemovalWorld(t);
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const surveyStates = async (workspaceId: string) =>
  (
    await rows<{ state: string }>(
      sql`select state from surveys where workspace_id = ${workspaceId}::uuid order by sent_at`,
    )
  ).map((row) => row.state);

describe('retention settings', () => {
  it('start with responses and unanswered surveys kept and message texts for 30 days', async () => {
    const first = world.customers[0]!;
    const settings = await first.client.get('/api/workspace/retention');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      responseMonths: null,
      unansweredSurveyDays: null,
      outboxBodyDays: 30,
      lastRun: null,
    });
  });

  it('refuses numbers out of range and changes nothing', async () => {
    const first = world.customers[0]!;
    const bad = await first.client.put('/api/workspace/retention', {
      responseMonths: 0,
      unansweredSurveyDays: 2.5,
      outboxBodyDays: 5000,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      responseMonths: 'Enter at least 1 month',
      unansweredSurveyDays: 'Enter a whole number of days',
      outboxBodyDays: 'Enter at most 3650 days',
    });
    expect((await first.client.get('/api/workspace/retention')).json().responseMonths).toBeNull();
  });
});

describe('the retention job', () => {
  it('removes old responses and unanswered surveys in batches, keeping the aggregates right', async () => {
    const [first, second] = world.customers as [RemovalWorld['customers'][0], RemovalWorld['customers'][0]];
    const saved = await first.client.put('/api/workspace/retention', {
      responseMonths: 2,
      unansweredSurveyDays: 30,
      outboxBodyDays: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Messages written long ago, sent; one still queued keeps its text until it leaves.
    await t.ctx.db.execute(sql`update outbox_messages set created_at = '2026-01-02', status = 'sent'
      where workspace_id in (${first.workspaceId}::uuid, ${second.workspaceId}::uuid)`);
    const [queued] = await rows<{ id: string }>(sql`update outbox_messages set status = 'queued'
      where id = (select id from outbox_messages where workspace_id = ${second.workspaceId}::uuid limit 1) returning id`);
    const secondMessages = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where workspace_id = ${second.workspaceId}::uuid`,
    );

    // Two months before 13 March: responses completed before 13 January go (two of the four).
    t.setNow(new Date('2026-03-13T00:00:00.000Z'));
    const { removed } = await applyRetention(t.ctx, { batchSize: 1 });
    expect(removed.responses).toBe(2);
    expect(removed.unansweredSurveys).toBe(1);
    expect(await surveyStates(first.workspaceId)).toEqual(['COMPLETE', 'COMPLETE', 'IN_PROGRESS']);
    expect(await surveyStates(second.workspaceId)).toHaveLength(6);
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));

    const texts = await rows<{ id: string; text_body: string; workspace_id: string }>(
      sql`select id, text_body, workspace_id from outbox_messages
        where workspace_id in (${first.workspaceId}::uuid, ${second.workspaceId}::uuid)`,
    );
    // Today's clock is March: the second workspace's 30 days have passed for January's messages too.
    expect(texts.filter((row) => row.text_body !== '').map((row) => row.id)).toEqual([queued!.id]);
    expect(removed.outboxBodies).toBeGreaterThanOrEqual(secondMessages[0]!.n - 1);

    const settings = (await first.client.get('/api/workspace/retention')).json();
    expect(settings.lastRun).toMatchObject({
      ranAt: '2026-03-13T00:00:00.000Z',
      removed: { responses: 2, unansweredSurveys: 1 },
    });
    const [event] = await rows<{ details: { removed: Record<string, number> } }>(
      sql`select details from audit_events where workspace_id = ${first.workspaceId}::uuid and action = 'retention.applied'`,
    );
    expect(event!.details.removed).toMatchObject({ responses: 2, unansweredSurveys: 1 });
    expect(JSON.stringify(event)).not.toContain('person-0');
  });

  it('finds nothing more to do when run again the same day', async () => {
    const first = world.customers[0]!;
    t.setNow(new Date('2026-03-13T00:00:00.000Z'));
    const { removed } = await applyRetention(t.ctx, { batchSize: 1 });
    expect(removed).toEqual({ responses: 0, unansweredSurveys: 0, outboxBodies: 0 });
    const settings = (await first.client.get('/api/workspace/retention')).json();
    expect(settings.lastRun.removed).toEqual({ responses: 0, unansweredSurveys: 0, outboxBodies: 0 });
  });
});
