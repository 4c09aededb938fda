import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { bearer } from '../surveys/test-fixtures.js';
import { day, filterParam, seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

let t: TestApp;
let owner: VisitSurveys['owner'];
let templateId: string;
let q: VisitSurveys['q'];
let ids: VisitSurveys['ids'];
let visible: VisitSurveys['visible'];
let list: VisitSurveys['list'];
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, templateId, q, ids, visible, list } = await seedVisitSurveys(t));
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

describe('responses of one template', () => {
  it('lists newest sent first with scores, and summarises from the aggregates', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual([
      ids.eve,
      ids.dee,
      ids.cy,
      ids.bob,
      ids.ada,
    ]);
    expect(body.pagination).toEqual({ page: 1, limit: 25, total: 5, totalPages: 1 });
    const ada = body.surveys[4];
    expect(ada).toMatchObject({
      surveyState: 'COMPLETE',
      createdAt: day(0).toISOString(),
      completedAt: day(5).toISOString(),
      lastOpenedAt: null,
      scoring: { overallPercentage: 100, scoredQuestionCount: 2 },
    });
    expect(ada.scoring.questionScores).toHaveLength(3);
    // NPS 6 → 60 (weight 2), one star → 0 (weight 1): 40.
    expect(body.surveys[3].scoring.overallPercentage).toBe(40);
    // Still being answered: scored as it stands.
    expect(body.surveys[2].scoring).toEqual({
      overallPercentage: 90,
      questionScores: [{ questionId: q.nps.id, score: 9, percentage: 90 }],
      scoredQuestionCount: 1,
    });
    expect(body.surveys[1]).toMatchObject({ surveyState: 'OPENED', scoring: { overallPercentage: null } });

    const summary = body.summary;
    expect(summary).toMatchObject({
      totalResponses: 2,
      totalSent: 5,
      responseRate: 40,
      overallPercentage: 70,
      overallBenchmark: null,
      hasBaseTemplate: false,
      compositeOverTime: [{ weekStart: '2026-01-05', percentage: 70, count: 2 }],
    });
    const byLabel = Object.fromEntries(
      summary.questions.map((question: { questionLabel: string }) => [question.questionLabel, question]),
    );
    expect(byLabel.NPS).toMatchObject({
      questionType: 'NetPromoterScore',
      totalResponses: 2,
      compositeScore: { enabled: true, percentage: 80, totalResponses: 2, comparativeBenchmark: null },
      nps: { score: 0, promoters: 1, passives: 0, detractors: 1 },
    });
    expect(byLabel.NPS.distribution).toHaveLength(11);
    expect(byLabel.NPS.distribution[10]).toEqual({ value: '10', label: '10', count: 1 });
    expect(byLabel.Ease.compositeScore).toMatchObject({ enabled: false, percentage: 50 });
    expect(byLabel.Bought.compositeScore.percentage).toBeNull();
    expect(byLabel.Bought.distribution).toEqual([
      { value: 'Tyres', label: 'Tyres', count: 1 },
      { value: 'Oil', label: 'Oil', count: 1 },
      { value: 'Other', label: 'Other', count: 1 },
    ]);
    expect(byLabel.Store.popularResponses).toEqual([
      { value: 'North', label: 'North', count: 1 },
      { value: 'South', label: 'South', count: 1 },
    ]);
    expect(byLabel.Name).toMatchObject({
      totalResponses: 2,
      popularResponses: [],
      distribution: [],
      nps: null,
    });
    expect(byLabel.Comments.totalResponses).toBe(1);
  });

  it('computes the same summary in SQL when filtered', async () => {
    const unfiltered = (await list()).json().summary;
    const filtered = (await list(`&sentFrom=2020-01-01`)).json().summary;
    expect(filtered).toEqual(unfiltered);
    const completeOnly = await list(
      `&filters=${filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'gte', value: 9 })}`,
    );
    const summary = completeOnly.json().summary;
    expect(summary).toMatchObject({
      totalResponses: 1,
      totalSent: 2,
      responseRate: 50,
      overallPercentage: 100,
    });
    expect(summary.questions[0].nps).toEqual({ score: 100, promoters: 1, passives: 0, detractors: 0 });
    expect(completeOnly.json().pagination.total).toBe(2);
  });

  it('shows one response with its answers, visible properties and averages', async () => {
    const response = await owner.get(`/api/surveys/${ids.ada}/response`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      surveyId: ids.ada,
      surveyState: 'COMPLETE',
      sentAt: day(0).toISOString(),
      completedAt: day(5).toISOString(),
      surveyResponses: { [q.short.id]: 'Ada' },
      surveyTemplate: { surveyTemplateName: 'Visit survey', hasBaseTemplate: false },
      scoring: {
        overallPercentage: 100,
        scoredQuestionCount: 2,
        templateComparativeBenchmark: { percentage: 70 },
        comparativeBenchmark: null,
      },
    });
    expect(body.surveyProperties).toEqual([
      {
        propertyId: visible.id,
        label: 'Store code',
        type: 'Text',
        value: '=HYPERLINK("x")',
        displayValue: '=HYPERLINK("x")',
      },
    ]);
    expect(body.scoring.questionScores[0]).toEqual({
      questionId: q.nps.id,
      score: 10,
      percentage: 100,
      comparativeBenchmark: null,
      templateComparativeBenchmark: { percentage: 80 },
    });
    const unanswered = (await owner.get(`/api/surveys/${ids.eve}/response`)).json();
    expect(unanswered.scoring.questionScores[0]).toMatchObject({ score: null, percentage: null });
    expect((await owner.get(`/api/surveys/not-a-uuid/response`)).statusCode).toBe(404);
    // The respondent page's GET stays what it was.
    expect((await t.client().get(`/api/surveys/${ids.eve}`)).json()).toMatchObject({
      requiresAuthentication: false,
    });
  });

  it("keeps another workspace's responses out of reach", async () => {
    const stranger = (await signUpClient(t.client())).client;
    const listed = await stranger.get(`/api/surveys?surveyTemplateId=${templateId}`);
    expect(listed.statusCode).toBe(404);
    expect(listed.json().message).toBe('Template ID not found');
    expect((await stranger.get(`/api/surveys?surveyTemplateId=${randomUUID()}`)).statusCode).toBe(404);
    const detail = await stranger.get(`/api/surveys/${ids.ada}/response`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('Survey response not found.');
    expect((await stranger.get(`/api/surveys/export?surveyTemplateId=${templateId}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/surveys?surveyTemplateId=${templateId}`)).statusCode).toBe(401);
  });

  it('answers an API key with read scope', async () => {
    const created = await owner.post('/api/customers/api-keys', { apiKeyName: 'Reports', scope: 'read' });
    expect(created.statusCode, created.body).toBe(201);
    const api = t.client();
    const listed = await api.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=summary`,
      bearer(created.json().apiKey),
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ surveys: [], summary: { totalSent: 5 }, pagination: { total: 5 } });
    const rowsOnly = await api.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=surveys`,
      bearer(created.json().apiKey),
    );
    expect(rowsOnly.json()).toMatchObject({ summary: null, pagination: { total: 5, totalPages: 1 } });
    expect(rowsOnly.json().surveys).toHaveLength(5);
  });
});
