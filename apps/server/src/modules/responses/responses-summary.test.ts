import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { day, filterParam, seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

// Decision 034: a filtered summary is one statement that evaluates the filter once. It must answer
// what the aggregates answer for the same surveys, and only the matching surveys' figures.

let t: TestApp;
let visit: VisitSurveys;

beforeAll(async () => {
  t = await createTestApp();
  visit = await seedVisitSurveys(t);
  // Another workspace's template and completed survey: never part of these figures.
  const other = await seedVisitSurveys(t);
  expect(other.templateId).not.toBe(visit.templateId);
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

async function summaryOf(query: string) {
  const response = await visit.list(`&include=summary${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().summary;
}

describe('the filtered summary', () => {
  it('answers over a range holding every survey exactly what the aggregates answer unfiltered', async () => {
    const unfiltered = await summaryOf('');
    const ranged = await summaryOf(`&sentFrom=${day(-30).toISOString()}&sentTo=${day(30).toISOString()}`);
    expect(unfiltered.totalSent).toBe(5);
    expect(unfiltered.totalResponses).toBe(2);
    expect(ranged).toEqual(unfiltered);
  });

  it("counts only the matching surveys' figures, in every state", async () => {
    const { q } = visit;
    // Ada (completed, NPS 10) and Cy (still answering, NPS 9).
    const promoters = filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'gte', value: 9 });
    const summary = await summaryOf(`&filters=${promoters}`);
    expect(summary).toMatchObject({
      totalSent: 2,
      totalResponses: 1,
      responseRate: 50,
      overallPercentage: 100,
    });
    type Question = {
      questionId: string;
      totalResponses: number;
      popularResponses: { value: string; count: number }[];
    };
    const byId = new Map(
      (summary.questions as Question[]).map((question) => [question.questionId, question]),
    );
    expect(byId.get(q.nps.id)).toMatchObject({ totalResponses: 1, nps: { score: 100, promoters: 1 } });
    expect(byId.get(q.choice.id)!.popularResponses).toEqual([
      { value: 'Other', label: 'Other', count: 1 },
      { value: 'Tyres', label: 'Tyres', count: 1 },
    ]);
    expect(byId.get(q.short.id)!.totalResponses).toBe(1);
    expect(summary.compositeOverTime).toEqual([{ weekStart: '2026-01-05', percentage: 100, count: 1 }]);

    // A range and a filter together: Bob alone (sent on day 1, NPS 6).
    const detractors = filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'lt', value: 7 });
    const bob = await summaryOf(
      `&filters=${detractors}&sentFrom=${day(1).toISOString()}&sentTo=${day(2).toISOString()}`,
    );
    expect(bob).toMatchObject({ totalSent: 1, totalResponses: 1, overallPercentage: 40 });
    const nothing = await summaryOf(`&filters=${detractors}&sentFrom=${day(2).toISOString()}`);
    expect(nothing).toMatchObject({
      totalSent: 0,
      totalResponses: 0,
      responseRate: null,
      overallPercentage: null,
    });
    expect(nothing.compositeOverTime).toEqual([]);
  });

  it("answers 404 for another workspace's template", async () => {
    const { client } = await signUpClient(t.client());
    const response = await client.get(
      `/api/surveys?surveyTemplateId=${visit.templateId}&include=summary&sentFrom=${day(-30).toISOString()}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
