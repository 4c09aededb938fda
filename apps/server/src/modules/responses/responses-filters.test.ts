import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { day, filterParam, seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

let t: TestApp;
let q: VisitSurveys['q'];
let ids: VisitSurveys['ids'];
let list: VisitSurveys['list'];
let surveyIdsOf: VisitSurveys['surveyIdsOf'];
beforeAll(async () => {
  t = await createTestApp();
  ({ q, ids, list, surveyIdsOf } = await seedVisitSurveys(t));
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

describe('filtering the responses of one template', () => {
  it('filters by status', async () => {
    const status = (operator: string, value: string) =>
      surveyIdsOf(`&filters=${filterParam({ field: 'surveyState', operator, value })}`);
    expect(await status('is', 'COMPLETE')).toEqual([ids.bob, ids.ada]);
    expect(await status('is', 'IN_PROGRESS')).toEqual([ids.dee, ids.cy]);
    expect(await status('is', 'SENT')).toEqual([ids.eve]);
    expect(await status('is_not', 'COMPLETE')).toEqual([ids.eve, ids.dee, ids.cy]);
    const completedNps = filterParam(
      { field: 'surveyState', operator: 'is', value: 'COMPLETE' },
      { field: `surveyResponses.${q.nps.id}`, operator: 'gte', value: 6 },
    );
    expect(await surveyIdsOf(`&filters=${completedNps}`)).toEqual([ids.bob, ids.ada]);
  });

  it('filters by e-mail address and phone number with every text operator', async () => {
    const email = (operator: string, value: string) =>
      surveyIdsOf(`&filters=${filterParam({ field: 'surveyContactMethods.emailAddress', operator, value })}`);
    expect(await email('contains', 'EXAMPLE')).toEqual([ids.eve, ids.dee, ids.ada]);
    expect(await email('not_contains', 'example')).toEqual([ids.bob]);
    expect(await email('equals', 'Bob@Shop.test')).toEqual([ids.bob]);
    expect(await email('not_equals', 'bob@shop.test')).toEqual([ids.eve, ids.dee, ids.ada]);
    expect(await email('starts_with', 'de')).toEqual([ids.dee]);
    expect(await email('ends_with', '.test')).toEqual([ids.bob]);
    expect(await email('contains', "%' or 1=1 --")).toEqual([]);
    const phone = (operator: string, value: string) =>
      surveyIdsOf(`&filters=${filterParam({ field: 'surveyContactMethods.phoneNumber', operator, value })}`);
    expect(await phone('contains', '(555) 123')).toEqual([ids.ada]);
    expect(await phone('starts_with', '555')).toEqual([ids.cy, ids.ada]);
    expect(await phone('ends_with', '6543')).toEqual([ids.cy]);
    expect(await phone('equals', '555-987-6543')).toEqual([ids.cy]);
    expect(await phone('not_equals', '5559876543')).toEqual([ids.ada]);
    expect(await phone('not_contains', '123')).toEqual([ids.cy]);
  });

  it('filters by scale answers with every numeric operator', async () => {
    const nps = (operator: string, value: number) =>
      surveyIdsOf(`&filters=${filterParam({ field: `surveyResponses.${q.nps.id}`, operator, value })}`);
    expect(await nps('equals', 6)).toEqual([ids.bob]);
    expect(await nps('not_equals', 6)).toEqual([ids.cy, ids.ada]);
    expect(await nps('gt', 9)).toEqual([ids.ada]);
    expect(await nps('gte', 9)).toEqual([ids.cy, ids.ada]);
    expect(await nps('lt', 9)).toEqual([ids.bob]);
    expect(await nps('lte', 9)).toEqual([ids.cy, ids.bob]);
  });

  it('filters by choices and texts', async () => {
    const by = (questionId: string, operator: string, value: string) =>
      surveyIdsOf(`&filters=${filterParam({ field: `surveyResponses.${questionId}`, operator, value })}`);
    expect(await by(q.choice.id, 'is', 'Oil')).toEqual([ids.bob]);
    expect(await by(q.choice.id, 'is_not', 'Oil')).toEqual([ids.ada]);
    expect(await by(q.dropdown.id, 'is', 'North')).toEqual([ids.ada]);
    expect(await by(q.dropdown.id, 'is_not', 'North')).toEqual([ids.bob]);
    expect(await by(q.short.id, 'contains', 'D')).toEqual([ids.ada]);
    expect(await by(q.short.id, 'not_contains', 'd')).toEqual([ids.bob]);
    expect(await by(q.short.id, 'equals', 'bob')).toEqual([ids.bob]);
    expect(await by(q.short.id, 'not_equals', 'bob')).toEqual([ids.ada]);
    expect(await by(q.short.id, 'starts_with', 'a')).toEqual([ids.ada]);
    expect(await by(q.short.id, 'ends_with', 'OB')).toEqual([ids.bob]);
  });

  it('combines filters with AND and a date range', async () => {
    const both = filterParam(
      { field: 'surveyState', operator: 'is', value: 'COMPLETE' },
      { field: 'surveyContactMethods.emailAddress', operator: 'contains', value: 'example' },
    );
    expect(await surveyIdsOf(`&filters=${both}`)).toEqual([ids.ada]);
    const from = encodeURIComponent(day(1).toISOString());
    expect(await surveyIdsOf(`&sentFrom=${from}&sentTo=2026-01-08`)).toEqual([ids.cy, ids.bob]);
  });

  it('reads an unlisted page size as 25 rather than refusing it', async () => {
    for (const limit of ['30', '1000', 'many']) {
      const response = await list(`&limit=${limit}`);
      expect(response.statusCode, limit).toBe(200);
      expect(response.json().pagination, limit).toMatchObject({ page: 1, limit: 25 });
    }
    expect((await list('&limit=10')).json().pagination.limit).toBe(10);
  });

  it('answers 400 naming the problem of a malformed filter or query', async () => {
    const problems: [string, RegExp][] = [
      ['&filters=%7Bnope', /filters is not valid JSON/],
      [
        `&filters=${filterParam({ field: 'nickname', operator: 'is', value: 'x' })}`,
        /Unknown filter field "nickname"/,
      ],
      [
        `&filters=${filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'contains', value: '9' })}`,
        /NPS: the operator must be one of equals/,
      ],
      [
        `&filters=${filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'equals', value: 11 })}`,
        /NPS: the value must be from 0 to 10/,
      ],
      [
        `&filters=${filterParam({ field: `surveyResponses.${randomUUID()}`, operator: 'is', value: 'x' })}`,
        /the template has no question/,
      ],
      ['&page=0', /page must be 1 or more/],
      ['&sentFrom=soon', /Expected a date/],
    ];
    for (const [query, message] of problems) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
  });
});
