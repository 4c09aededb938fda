import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';
import { day, filterParam, send } from './test-responses-fixtures.js';

// Filtered summaries, property and language filters, and segments (docs/decisions/029-segments.md).

let t: TestApp;
let owner: TestClient;
let templateId: string;
const npsId = randomUUID();
const plan = { id: randomUUID(), type: 'Text', label: 'Plan' };
const seats = { id: randomUUID(), type: 'Number', label: 'Seats' };
const renewal = { id: randomUUID(), type: 'Date', label: 'Renewal' };
const vip = { id: randomUUID(), type: 'Boolean', label: 'VIP' };
const secret = { id: randomUUID(), type: 'Text', label: 'Secret note', visibleInReportsAndFiltering: false };
const ids: Record<string, string> = {};

async function complete(surveyId: string, nps: number, language?: string) {
  const response = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [npsId]: nps },
    ...(language ? { language } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signUpClient(t.client())).client;
  const template = await publishTemplate(
    owner,
    {
      properties: [plan, seats, renewal, vip, secret],
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'Recommend us?',
          label: 'NPS',
          compositeScore: { enabled: true, value: 1 },
        },
      ],
      translations: { es: { questions: {} } },
    },
    { name: 'Accounts' },
  );
  templateId = template.surveyTemplateId;
  const versionId = template.surveyTemplateVersionId;
  const sendWith = async (name: string, properties: Record<string, string>, at: number) => {
    t.setNow(day(at));
    ids[name] = await send(owner, versionId, { email: `${name}@example.com` }, properties);
  };
  await sendWith(
    'ann',
    {
      [plan.id]: 'Pro',
      [seats.id]: '5',
      [renewal.id]: '2026-01-10',
      [vip.id]: 'true',
      [secret.id]: 'hush-ann',
    },
    0,
  );
  await sendWith(
    'ben',
    { [plan.id]: 'pro', [seats.id]: '12', [renewal.id]: '2026-03-02', [vip.id]: 'false' },
    1,
  );
  await sendWith(
    'cat',
    { [plan.id]: 'Basic', [seats.id]: '25', [renewal.id]: '2026-06-20', [vip.id]: 'false' },
    2,
  );
  await sendWith('dan', {}, 3);
  await sendWith('eva', { [plan.id]: 'Basic' }, 4);
  t.setNow(day(5));
  await complete(ids.ann!, 10, 'en');
  await complete(ids.ben!, 9, 'es');
  await complete(ids.cat!, 3);
  await complete(ids.dan!, 7);
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

type Figure = { value: number | null; count: number; marginOfError: number | null; indicative: boolean };
type SegmentRow = {
  key: string;
  label: string;
  kind: string;
  count: number;
  nps: Figure | null;
  composite: Figure;
  filter: { field: string; operator: string; value: string | number } | null;
};

async function segmentsOf(property: string, query = '', client = owner) {
  return client.get(`/api/survey-templates/${templateId}/segments?property=${property}${query}`);
}

async function listIds(query: string): Promise<string[]> {
  const response = await owner.get(`/api/surveys?surveyTemplateId=${templateId}&include=surveys${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().surveys.map((survey: { surveyId: string }) => survey.surveyId);
}

/** Every segment's filter, with "Completed", selects exactly the segment's surveys. */
async function expectFiltersSelectSegments(segments: SegmentRow[]) {
  const completed = { field: 'surveyState', operator: 'is', value: 'COMPLETE' };
  for (const segment of segments) {
    if (!segment.filter) continue;
    const found = await listIds(`&filters=${filterParam(completed, segment.filter)}`);
    expect(found.length, segment.label).toBe(segment.count);
  }
}

describe('property and language filters', () => {
  it('filters the list, the summary and the export by a text property and by language', async () => {
    const pro = filterParam({ field: `surveyProperties.${plan.id}`, operator: 'equals', value: 'PRO' });
    expect(await listIds(`&filters=${pro}`)).toEqual([ids.ben, ids.ann]);
    const starts = filterParam({
      field: `surveyProperties.${plan.id}`,
      operator: 'starts_with',
      value: 'ba',
    });
    expect(await listIds(`&filters=${starts}`)).toEqual([ids.eva, ids.cat]);
    const summary = await owner.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=summary&filters=${pro}`,
    );
    expect(summary.json().summary).toMatchObject({ totalResponses: 2, totalSent: 2, overallPercentage: 95 });
    const spanish = filterParam({ field: 'language', operator: 'is', value: 'es' });
    expect(await listIds(`&filters=${spanish}`)).toEqual([ids.ben]);
    const notSpanish = filterParam({ field: 'language', operator: 'is_not', value: 'es' });
    expect(await listIds(`&filters=${notSpanish}`)).toEqual([ids.eva, ids.dan, ids.cat, ids.ann]);
    const csv = await owner.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&format=csv&filters=${pro}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
  });

  it('filters numbers, dates and booleans with the operators of their type, ranges included', async () => {
    const field = (property: { id: string }) => `surveyProperties.${property.id}`;
    expect(
      await listIds(`&filters=${filterParam({ field: field(seats), operator: 'gte', value: 12 })}`),
    ).toEqual([ids.cat, ids.ben]);
    expect(
      await listIds(`&filters=${filterParam({ field: field(seats), operator: 'between', value: '5..12' })}`),
    ).toEqual([ids.ann]);
    expect(
      await listIds(
        `&filters=${filterParam({ field: field(renewal), operator: 'lt', value: '2026-03-02' })}`,
      ),
    ).toEqual([ids.ann]);
    expect(
      await listIds(
        `&filters=${filterParam({ field: field(renewal), operator: 'between', value: '2026-03-01..' })}`,
      ),
    ).toEqual([ids.cat, ids.ben]);
    expect(
      await listIds(`&filters=${filterParam({ field: field(vip), operator: 'is', value: 'false' })}`),
    ).toEqual([ids.cat, ids.ben]);
  });

  it('combines property filters with a question filter and a date range in the summary', async () => {
    const filters = filterParam(
      { field: `surveyResponses.${npsId}`, operator: 'gte', value: 5 },
      { field: `surveyProperties.${vip.id}`, operator: 'is', value: 'false' },
    );
    const from = day(1).toISOString();
    const to = day(3).toISOString();
    const response = await owner.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=summary&filters=${filters}&sentFrom=${from}&sentTo=${to}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary).toMatchObject({ totalResponses: 1, overallPercentage: 90 });
  });

  it('refuses filters that do not fit the property, and a hidden property like an unknown one (400)', async () => {
    const refused = async (filter: { field: string; operator: string; value: string | number }) => {
      const response = await owner.get(
        `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam(filter)}`,
      );
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    await refused({ field: `surveyProperties.${plan.id}`, operator: 'between', value: '1..2' });
    await refused({ field: `surveyProperties.${seats.id}`, operator: 'equals', value: 'many' });
    await refused({ field: `surveyProperties.${seats.id}`, operator: 'between', value: 'a..b' });
    await refused({ field: `surveyProperties.${renewal.id}`, operator: 'gt', value: '03/02/2026' });
    await refused({ field: `surveyProperties.${vip.id}`, operator: 'is', value: 'maybe' });
    await refused({ field: 'language', operator: 'is', value: 'klingon' });
    await refused({ field: `surveyResponses.${npsId}`, operator: 'between', value: '1..5' });
    const hidden = await refused({
      field: `surveyProperties.${secret.id}`,
      operator: 'equals',
      value: 'hush-ann',
    });
    const unknownId = randomUUID();
    const unknown = await refused({ field: `surveyProperties.${unknownId}`, operator: 'equals', value: 'x' });
    expect(hidden.replace(secret.id, 'ID')).toBe(unknown.replace(unknownId, 'ID'));
    expect(hidden).not.toContain(secret.label);
    const exported = await owner.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&filters=${filterParam({ field: `surveyProperties.${secret.id}`, operator: 'equals', value: 'x' })}`,
    );
    expect(exported.statusCode).toBe(400);
  });
});

describe('segments', () => {
  it('segments a text property by value (case-insensitive), with NPS and composite margins per segment', async () => {
    const response = await segmentsOf(plan.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      property: { propertyId: plan.id, label: 'Plan', type: 'Text' },
      binning: 'value',
      npsQuestion: { questionId: npsId, label: 'NPS' },
      total: 4,
      overallBenchmark: null,
    });
    const segments = body.segments as SegmentRow[];
    expect(segments.map((segment) => [segment.kind, segment.label.toLowerCase(), segment.count])).toEqual([
      ['value', 'pro', 2],
      ['value', 'basic', 1],
      ['none', 'no value', 1],
    ]);
    const [pro, basic] = segments as [SegmentRow, SegmentRow];
    expect(pro.nps).toMatchObject({ value: 100, count: 2, marginOfError: 0, indicative: true });
    expect(pro.composite.value).toBe(95);
    expect(pro.composite.marginOfError).toBeGreaterThan(0);
    expect(basic.nps).toMatchObject({ value: -100, count: 1, marginOfError: null });
    expect(basic.composite).toMatchObject({ value: 30, count: 1 });
    expect(segments[2]!.filter).toBeNull();
    await expectFiltersSelectSegments(segments);
  });

  it('segments a number property by nice ranges and a date property by months', async () => {
    const numbers = (await segmentsOf(seats.id)).json();
    expect(numbers.binning).toBe('number');
    const ranges = (numbers.segments as SegmentRow[]).filter((segment) => segment.kind === 'range');
    expect(ranges[0]).toMatchObject({
      label: '4 to under 6',
      count: 1,
      filter: { operator: 'between', value: '4..6' },
    });
    expect(ranges.at(-1)).toMatchObject({ label: '24 to under 26', count: 1 });
    expect(ranges.reduce((sum, segment) => sum + segment.count, 0)).toBe(3);
    await expectFiltersSelectSegments(numbers.segments);

    const dates = (await segmentsOf(renewal.id)).json();
    expect(dates.binning).toBe('month');
    expect((dates.segments as SegmentRow[]).map((segment) => [segment.label, segment.count])).toEqual([
      ['Jan 2026', 1],
      ['Feb 2026', 0],
      ['Mar 2026', 1],
      ['Apr 2026', 0],
      ['May 2026', 0],
      ['Jun 2026', 1],
      ['No value', 1],
    ]);
    await expectFiltersSelectSegments(dates.segments);
  });

  it('segments a boolean, within the filters and date range', async () => {
    const all = (await segmentsOf(vip.id)).json().segments as SegmentRow[];
    expect(all.map((segment) => [segment.label, segment.count])).toEqual([
      ['No', 2],
      ['Yes', 1],
      ['No value', 1],
    ]);
    const promoters = filterParam({ field: `surveyResponses.${npsId}`, operator: 'gte', value: 9 });
    const filtered = (
      await segmentsOf(vip.id, `&filters=${promoters}&sentFrom=${day(1).toISOString()}`)
    ).json();
    expect(filtered.total).toBe(1);
    expect(filtered.segments.map((segment: SegmentRow) => [segment.label, segment.count])).toEqual([
      ['No', 1],
    ]);
  });

  it('answers the same from the aggregates (unfiltered) as from the surveys: the top 20 and Other', async () => {
    const template = await publishTemplate(owner, {
      properties: [plan],
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'Recommend?',
          label: 'NPS',
          compositeScore: { enabled: true, value: 1 },
        },
      ],
    });
    for (let index = 0; index < 24; index += 1) {
      const value = index < 3 ? 'Gold' : `Plan ${index}`;
      const surveyId = await send(
        owner,
        template.surveyTemplateVersionId,
        { email: `p${index}@example.com` },
        index === 23 ? {} : { [plan.id]: value },
      );
      await complete(surveyId, index % 11);
    }
    const url = `/api/survey-templates/${template.surveyTemplateId}/segments?property=${plan.id}`;
    const unfiltered = (await owner.get(url)).json();
    const completed = filterParam({ field: 'surveyState', operator: 'is', value: 'COMPLETE' });
    const filtered = (await owner.get(`${url}&filters=${completed}`)).json();
    expect(unfiltered.total).toBe(24);
    expect(unfiltered.segments).toHaveLength(22);
    expect(unfiltered.segments[0]).toMatchObject({ label: 'Gold', count: 3 });
    expect(unfiltered.segments.at(-2)).toMatchObject({
      kind: 'other',
      label: 'Other',
      count: 1,
      filter: null,
    });
    expect(unfiltered.segments.at(-1)).toMatchObject({ kind: 'none', count: 1 });
    const shape = (segments: SegmentRow[]) =>
      segments.map((segment) => [
        segment.key,
        segment.count,
        segment.nps?.value,
        segment.nps?.marginOfError,
        segment.composite.value,
        segment.composite.marginOfError,
      ]);
    const sortedShape = (segments: SegmentRow[]) =>
      shape(segments).sort((left, right) => String(left[0]).localeCompare(String(right[0])));
    expect(sortedShape(unfiltered.segments)).toEqual(sortedShape(filtered.segments));
  });

  it('never segments by a hidden property, and never shows its values', async () => {
    const hidden = await segmentsOf(secret.id);
    expect(hidden.statusCode).toBe(400);
    const unknown = await segmentsOf(randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(hidden.json().message.replace(secret.id, 'ID')).toBe(
      unknown.json().message.replace(/[0-9a-f-]{36}/, 'ID'),
    );
    for (const property of [plan, seats, renewal, vip]) {
      const body = (await segmentsOf(property.id)).body;
      expect(body).not.toContain('hush-ann');
      expect(body).not.toContain(secret.label);
    }
  });

  it('answers 404 to another workspace and 400 to a malformed question', async () => {
    const stranger = (await signUpClient(t.client())).client;
    expect((await segmentsOf(plan.id, '', stranger)).statusCode).toBe(404);
    expect(
      (await stranger.get(`/api/survey-templates/not-a-uuid/segments?property=${plan.id}`)).statusCode,
    ).toBe(404);
    expect((await segmentsOf(plan.id, `&questionId=${randomUUID()}`)).statusCode).toBe(400);
    expect((await segmentsOf('plan')).statusCode).toBe(400);
  });
});
