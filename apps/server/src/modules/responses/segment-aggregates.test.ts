import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';
import { day, filterParam, send } from './test-responses-fixtures.js';

// Decision 034: the unfiltered segment tables of every property type read the aggregates, numbers
// and dates by exact value and "No value" as the template's totals less the values; they must
// answer exactly what the SQL over the surveys answers (the same table with the filter "Completed"
// is computed there), hidden properties included in neither, another workspace's surveys in none.

let t: TestApp;
let owner: TestClient;
let stranger: TestClient;
let templateId: string;
const npsId = randomUUID();
const plan = { id: randomUUID(), type: 'Text', label: 'Plan' };
const seats = { id: randomUUID(), type: 'Number', label: 'Seats' };
const since = { id: randomUUID(), type: 'Date', label: 'Customer since' };
const visit = { id: randomUUID(), type: 'DateTime', label: 'Visited' };
const secret = {
  id: randomUUID(),
  type: 'Number',
  label: 'Credit limit',
  visibleInReportsAndFiltering: false,
};
const nps = {
  id: npsId,
  type: 'NetPromoterScore',
  question: 'Recommend us?',
  label: 'NPS',
  compositeScore: { enabled: true, value: 1 },
};

async function complete(surveyId: string, score: number) {
  const response = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [npsId]: score },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signUpClient(t.client())).client;
  stranger = (await signUpClient(t.client())).client;
  t.setNow(day(0));
  // Version 1 has only the plan: its surveys have no value for the properties added in version 2.
  const template = await publishTemplate(
    owner,
    { properties: [plan], questions: [nps] },
    { name: 'Accounts' },
  );
  templateId = template.surveyTemplateId;
  for (const [index, score] of [10, 3, 8].entries()) {
    await complete(
      await send(
        owner,
        template.surveyTemplateVersionId,
        { email: `v1-${index}@example.com` },
        { [plan.id]: 'Pro' },
      ),
      score,
    );
  }
  await send(owner, template.surveyTemplateVersionId, { email: 'v1-open@example.com' });
  const draft = await owner.post(`/api/survey-templates/${templateId}/version`);
  expect(draft.statusCode, draft.body).toBe(201);
  const v2 = draft.json().surveyTemplateVersionId as string;
  const edited = await owner.patch(`/api/survey-templates/${v2}`, {
    surveyTemplateDefinition: { properties: [plan, seats, since, visit, secret], questions: [nps] },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(
    (await owner.patch(`/api/survey-templates/${v2}/state`, { stateCode: 'PUBLISHED' })).statusCode,
  ).toBe(200);
  const values: [Record<string, string>, number | null][] = [
    [
      {
        [plan.id]: 'pro',
        [seats.id]: '1.5',
        [since.id]: '2025-02-28',
        [visit.id]: '2026-01-05T23:30:00Z',
        [secret.id]: '5000',
      },
      9,
    ],
    [
      {
        [plan.id]: 'Basic',
        [seats.id]: '-3',
        [since.id]: '2024-12-31',
        [visit.id]: '2026-01-06T00:10:00Z',
        [secret.id]: '7000',
      },
      6,
    ],
    [{ [seats.id]: '12', [since.id]: '2026-01-01', [secret.id]: '100' }, 10],
    [{ [seats.id]: '12.25', [since.id]: '2025-06-15', [visit.id]: '2026-01-05T08:00:00Z' }, 0],
    [{ [plan.id]: 'Basic', [seats.id]: '250' }, 7],
    [{ [plan.id]: 'Enterprise', [since.id]: '2024-03-01' }, 8],
    [{}, 5],
    [{ [seats.id]: '40', [since.id]: '2025-01-01' }, null],
  ];
  for (const [index, [properties, score]] of values.entries()) {
    t.setNow(day(index + 1));
    const surveyId = await send(owner, v2, { email: `v2-${index}@example.com` }, properties);
    if (score !== null) await complete(surveyId, score);
  }
  // Another workspace's template with the same property ids: none of it may reach our tables.
  const theirs = await publishTemplate(stranger, { properties: [plan, seats, since], questions: [nps] });
  for (const [index, seatCount] of ['2', '900', '12'].entries()) {
    const surveyId = await send(
      stranger,
      theirs.surveyTemplateVersionId,
      { email: `their-${index}@example.com` },
      {
        [plan.id]: 'Pro',
        [seats.id]: seatCount,
        [since.id]: '2020-01-01',
      },
    );
    await complete(surveyId, 1);
  }
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

const completed = filterParam({ field: 'surveyState', operator: 'is', value: 'COMPLETE' });

async function table(propertyId: string, query = '', client = owner) {
  const response = await client.get(
    `/api/survey-templates/${templateId}/segments?property=${propertyId}${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; binning: string; segments: { label: string; count: number }[] };
}

describe('segment tables from the aggregates', () => {
  it('answers a number, a date and a date-and-time table exactly as the SQL over the surveys', async () => {
    for (const property of [seats, since, visit]) {
      const fromAggregates = await table(property.id);
      const overSurveys = await table(property.id, `&filters=${completed}`);
      expect(fromAggregates, property.label).toEqual(overSurveys);
      expect(fromAggregates.total, property.label).toBe(10);
    }
    const numbers = await table(seats.id);
    expect(numbers.segments.map((segment) => [segment.label, segment.count])).toEqual([
      ['-50 to under 0', 1],
      ['0 to under 50', 3],
      ['50 to under 100', 0],
      ['100 to under 150', 0],
      ['150 to under 200', 0],
      ['200 to under 250', 0],
      ['250 to under 300', 1],
      // Version 1's three surveys and two of version 2.
      ['No value', 5],
    ]);
    const days = await table(visit.id);
    expect(days.binning).toBe('day');
    expect(days.segments.map((segment) => [segment.label, segment.count])).toEqual([
      ['Jan 5, 2026', 2],
      ['Jan 6, 2026', 1],
      ['No value', 7],
    ]);
    expect((await table(since.id)).binning).toBe('month');
  });

  it("counts a version's surveys without the property as No value, for text properties too", async () => {
    // A text value's label is one of its spellings: the SQL takes the least, the aggregates the first.
    const lowered = (value: unknown) => JSON.parse(JSON.stringify(value).toLowerCase());
    for (const property of [plan, seats]) {
      expect(lowered(await table(property.id)), property.label).toEqual(
        lowered(await table(property.id, `&filters=${completed}`)),
      );
    }
    const plans = await table(plan.id);
    expect(plans.segments.map((segment) => [segment.label.toLowerCase(), segment.count])).toEqual([
      ['pro', 4],
      ['basic', 2],
      ['enterprise', 1],
      ['no value', 3],
    ]);
  });

  it('never reads a hidden property, nor answers another workspace', async () => {
    expect(
      (await owner.get(`/api/survey-templates/${templateId}/segments?property=${secret.id}`)).statusCode,
    ).toBe(400);
    for (const property of [plan, seats, since, visit]) {
      const body = JSON.stringify(await table(property.id));
      for (const hidden of ['5000', '7000', secret.label]) expect(body).not.toContain(hidden);
    }
    expect(
      (await stranger.get(`/api/survey-templates/${templateId}/segments?property=${seats.id}`)).statusCode,
    ).toBe(404);
  });

  it("rebuilds with the migration's statements the aggregates the completions wrote", async () => {
    const chosen = sql`property_id = '' or property_id in (select d ->> 'id' from template_versions v,
      jsonb_array_elements(v.definition -> 'properties') d where d ->> 'type' in ('Number', 'Date', 'DateTime'))`;
    const snapshot = async () => {
      const result = (await t.ctx.db.execute(
        sql`select template_id, property_id, value_key, question_id, workspace_id, count, composite_count,
              composite_sum, composite_squares, promoters, passives, detractors
            from response_segment_stats where (${chosen}) and value_key <> '' or property_id = ''
            order by template_id, property_id, value_key, question_id`,
      )) as unknown as { rows: Record<string, unknown>[] };
      // A number's key is its value as written: compare values, not spellings.
      return result.rows.map((row) => ({
        ...row,
        value_key: row.property_id === seats.id ? Number(row.value_key) : row.value_key,
      }));
    };
    const written = await snapshot();
    expect(written.length).toBeGreaterThan(10);
    await t.ctx.db.execute(sql`delete from response_segment_stats where ${chosen}`);
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(migrations).find((name) => name.startsWith('0023_'))!;
    const handWritten = readFileSync(new URL(file, migrations), 'utf8').split('-- hand-written:')[1]!;
    for (const statement of handWritten.split('--> statement-breakpoint')) {
      await t.ctx.db.execute(sql.raw(statement));
    }
    expect(await snapshot()).toEqual(written);
    expect(await table(seats.id)).toEqual(await table(seats.id, `&filters=${completed}`));
  });
});
