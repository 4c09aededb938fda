import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  countOf,
  type RemovalWorld,
  readAggregates,
  rebuiltAggregates,
  seedRemovalWorld,
} from '../responses/test-removal-fixtures.js';

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

describe('deleting a template', () => {
  it('needs the template’s name typed, in its own workspace, and is not for base templates', async () => {
    const [first, second] = world.customers as [RemovalWorld['customers'][0], RemovalWorld['customers'][0]];
    const wrong = await first.client.post('/api/template-deletions', {
      surveyTemplateId: first.templateId,
      confirmation: 'Visit',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ confirmation: 'Type Visit 0 to confirm' });
    const elsewhere = await second.client.post('/api/template-deletions', {
      surveyTemplateId: first.templateId,
      confirmation: 'Visit 0',
    });
    expect(elsewhere.statusCode).toBe(404);
    const base = (await world.provider.get('/api/base-survey-templates/')).json().baseSurveyTemplates[0];
    const refused = await world.provider.post('/api/template-deletions', {
      surveyTemplateId: base.baseSurveyTemplateId,
      confirmation: 'Visit',
    });
    expect(refused.statusCode).toBe(409);
    expect(
      await count(sql`select count(*)::int as n from surveys where template_id = ${first.templateId}::uuid`),
    ).toBe(6);
  });

  it('removes its versions, surveys and aggregates, and its part of the base template’s benchmark', async () => {
    const [first, second] = world.customers as [RemovalWorld['customers'][0], RemovalWorld['customers'][0]];
    const benchmarkBefore = await count(
      sql`select coalesce(sum(count), 0)::int as n from response_benchmark_stats where workspace_id = ${second.workspaceId}::uuid`,
    );
    const deleted = await first.client.post('/api/template-deletions', {
      surveyTemplateId: first.templateId,
      confirmation: ' Visit 0 ',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ surveys: 6, completedSurveys: 4, versions: 1 });

    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
    for (const table of [
      'surveys',
      'template_versions',
      'response_template_stats',
      'response_question_stats',
    ]) {
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.identifier(table)} where template_id = ${first.templateId}::uuid`,
        ),
        table,
      ).toBe(0);
    }
    expect(
      await count(
        sql`select coalesce(sum(count), 0)::int as n from response_benchmark_stats where workspace_id = ${first.workspaceId}::uuid`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select coalesce(sum(count), 0)::int as n from response_benchmark_stats where workspace_id = ${second.workspaceId}::uuid`,
      ),
    ).toBe(benchmarkBefore);
    expect((await first.client.get(`/api/survey-templates/${first.versionId}`)).statusCode).toBe(404);
    expect((await second.client.get(`/api/survey-templates/${second.versionId}`)).statusCode).toBe(200);

    const [event] = (
      (await t.ctx.db.execute(
        sql`select details from audit_events where action = 'template.deleted' and target_id = ${first.templateId}`,
      )) as unknown as { rows: { details: object }[] }
    ).rows;
    expect(event!.details).toEqual({ removed: { surveys: 6, completedSurveys: 4, versions: 1 } });
    expect(JSON.stringify(event)).not.toContain('person-0');

    const again = await first.client.post('/api/template-deletions', {
      surveyTemplateId: first.templateId,
      confirmation: 'Visit 0',
    });
    expect(again.statusCode).toBe(404);
  });
});
