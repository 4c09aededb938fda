import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { removeSurveys } from './survey-removal.js';
import {
  countOf,
  type RemovalWorld,
  readAggregates,
  rebuiltAggregates,
  seedRemovalWorld,
} from './test-removal-fixtures.js';

// Decision 043: removing surveys leaves every aggregate as an installation that only ever had the
// remaining surveys would hold it (the same tables rebuilt from those surveys), another
// workspace's figures and benchmarks' sums included.

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

const count = (query: SQL) => countOf(t, query);

describe('removeSurveys', () => {
  it('starts from aggregates that a rebuild from the surveys reproduces', async () => {
    const aggregates = await readAggregates(t.ctx.db);
    for (const [table, rows] of Object.entries(aggregates)) expect(rows.length, table).toBeGreaterThan(0);
    expect(aggregates).toEqual(await rebuiltAggregates(t.ctx.db));
  });

  it('ignores ids of another workspace and unknown ids', async () => {
    const [first, second] = world.customers as [RemovalWorld['customers'][0], RemovalWorld['customers'][0]];
    const before = await readAggregates(t.ctx.db);
    const result = await t.ctx.db.transaction((tx) =>
      removeSurveys(tx, first.workspaceId, [second.surveys[0]!.id, '00000000-0000-4000-8000-000000000000']),
    );
    expect(result).toEqual({ removed: 0, completed: 0 });
    expect(await readAggregates(t.ctx.db)).toEqual(before);
  });

  it('takes completed, in-progress and sent surveys out of every aggregate', async () => {
    const first = world.customers[0]!;
    const ids = [first.surveys[1]!.id, first.surveys[2]!.id, first.surveys[4]!.id, first.surveys[5]!.id];
    const result = await t.ctx.db.transaction((tx) => removeSurveys(tx, first.workspaceId, ids));
    expect(result).toEqual({ removed: 4, completed: 2 });
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    expect(await count(sql`select count(*)::int as n from surveys where id in (${idList})`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from text_answer_analyses where survey_id in (${idList})`),
    ).toBe(0);
    // The invitations stay as delivery history, without their survey, address or content.
    const left = await count(
      sql`select count(*)::int as n from outbox_messages where recipient like ${'%person-0-1%'} or text_body like ${`%${ids[0]}%`}`,
    );
    expect(left).toBe(0);
  });

  it('removes the last completed surveys of a template, leaving no row that counts nothing', async () => {
    const first = world.customers[0]!;
    const ids = [first.surveys[0]!.id, first.surveys[3]!.id];
    expect(await t.ctx.db.transaction((tx) => removeSurveys(tx, first.workspaceId, ids))).toEqual({
      removed: 2,
      completed: 2,
    });
    const after = await readAggregates(t.ctx.db);
    expect(after).toEqual(await rebuiltAggregates(t.ctx.db));
    expect(after.response_question_stats!.filter((row) => row.template_id === first.templateId)).toEqual([]);
    expect(after.text_term_stats!.filter((row) => row.template_id === first.templateId)).toEqual([]);
    // The other workspace's surveys still count in the benchmark.
    expect(after.response_benchmark_stats!.length).toBeGreaterThan(0);
  });

  it('shows the removal in the summary the analysis reads', async () => {
    const second = world.customers[1]!;
    const before = await second.client.get(`/api/surveys?surveyTemplateId=${second.templateId}`);
    expect(before.statusCode, before.body).toBe(200);
    await t.ctx.db.transaction((tx) => removeSurveys(tx, second.workspaceId, [second.surveys[0]!.id]));
    const after = await second.client.get(`/api/surveys?surveyTemplateId=${second.templateId}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(JSON.stringify(after.json())).not.toEqual(JSON.stringify(before.json()));
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
  });
});
