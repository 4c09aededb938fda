import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';
import { answer, filterParam, send } from './test-responses-fixtures.js';

// The added question types (decision 027) through the API: saving answers, refusing
// wrong ones, the summary, filters, alerts and the export.

const common = (label: string) => ({ id: randomUUID(), question: `${label}?`, label });
const q = {
  effort: {
    ...common('Effort'),
    type: 'CustomerEffortScore',
    startLabel: 'Very difficult',
    endLabel: 'Very easy',
    compositeScore: { enabled: true, value: 0 },
  },
  csat: { ...common('Satisfaction'), type: 'CustomerSatisfactionScore', display: 'stars' },
  visit: { ...common('Visit date'), type: 'DateEntry', minDate: '2026-01-01', maxDate: '2026-12-31' },
  consent: {
    ...common('Contact'),
    type: 'Consent',
    consentText: 'You may contact me about my answers.',
    linkUrl: 'https://example.com/privacy',
    linkLabel: 'Privacy notice',
  },
  ranking: { ...common('Priorities'), type: 'Ranking', answerOptions: ['Price', 'Speed', 'Service'] },
  matrix: {
    ...common('Visit'),
    type: 'Matrix',
    rows: [
      { id: 'staff', text: 'Friendly staff' },
      { id: 'wait', text: 'Short wait' },
    ],
    columns: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
    validation: { required: true },
    compositeScore: { enabled: true, value: 0 },
  },
};

let t: TestApp;
let owner: TestClient;
let templateId: string;
let versionId: string;
const surveyIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ client: owner } = await signUpClient(t.client()));
  const template = await publishTemplate(
    owner,
    { openingText: 'Hello', properties: [], questions: Object.values(q) },
    {
      name: 'New types',
      settings: {
        alerts: [
          {
            id: 'grid',
            name: 'Unhappy visit',
            conditions: [
              { surveyQuestionId: q.matrix.id, operator: 'LESS_THAN', value: 3 },
              { surveyQuestionId: q.consent.id, operator: 'IS_NOT_EMPTY', value: '' },
              { surveyQuestionId: q.ranking.id, operator: 'IS_EQUAL', value: 'Price' },
              { surveyQuestionId: q.visit.id, operator: 'GREATER_THAN', value: '2026-03-01' },
            ],
            recipients: ['chief@example.com'],
          },
        ],
      },
    },
  );
  templateId = template.surveyTemplateId;
  versionId = template.surveyTemplateVersionId;
  for (const email of ['ada@example.com', 'bob@example.com', 'cy@example.com']) {
    surveyIds.push(await send(owner, versionId, { email }));
  }
  await answer(t, surveyIds[0]!, {
    [q.effort.id]: 7,
    [q.csat.id]: 5,
    [q.visit.id]: '2026-02-10',
    [q.consent.id]: true,
    [q.ranking.id]: ['Speed', 'Price', 'Service'],
    [q.matrix.id]: { staff: 5, wait: 4 },
  });
  await answer(t, surveyIds[1]!, {
    [q.effort.id]: 1,
    [q.csat.id]: 2,
    [q.visit.id]: '2026-04-02',
    [q.consent.id]: true,
    [q.ranking.id]: ['Price', 'Service', 'Speed'],
    [q.matrix.id]: { staff: 1, wait: 2 },
  });
  await answer(t, surveyIds[2]!, { [q.effort.id]: 4, [q.matrix.id]: { staff: 3, wait: 3 } });
});
afterAll(() => t?.close());

describe('authoring the new question types', () => {
  it('refuses definitions that break their rules (400), naming the field', async () => {
    const created = await owner.post('/api/survey-templates/', { surveyTemplateName: 'Broken types' });
    expect(created.statusCode).toBe(201);
    const draft = created.json().surveyTemplateVersionId as string;
    const cases: [object, string, string][] = [
      [{ ...q.ranking, answerOptions: ['Only'] }, 'answerOptions', 'Add at least two options to rank'],
      [{ ...q.matrix, columns: ['Yes', 'yes'] }, 'columns', 'Each column must be different'],
      [
        { ...q.visit, minDate: '2026-05-01', maxDate: '2026-04-01' },
        'maxDate',
        'The latest date must not be before the earliest date',
      ],
      [{ ...q.consent, linkUrl: 'javascript:alert(1)' }, 'linkUrl', 'Please enter a valid URL'],
      [{ ...q.csat, display: 'hearts' }, 'display', 'Choose faces or stars'],
    ];
    for (const [question, field, message] of cases) {
      const response = await owner.patch(`/api/survey-templates/${draft}`, {
        surveyTemplateDefinition: { openingText: 'Hello', properties: [], questions: [question] },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().details)).toContain(message);
      expect(Object.keys(response.json().details).join()).toContain(field);
    }
  });
});

describe('answering the new question types', () => {
  it('refuses answers that do not fit, naming the question and the problem (400), and saves nothing', async () => {
    const surveyId = await send(owner, versionId, { email: 'dee@example.com' });
    const respondent = t.client();
    const response = await respondent.patch(`/api/surveys/${surveyId}`, {
      surveyResponses: {
        [q.effort.id]: 8,
        [q.csat.id]: 0,
        [q.visit.id]: '2027-01-01',
        [q.consent.id]: false,
        [q.ranking.id]: ['Price', 'Speed'],
        [q.matrix.id]: { staff: 6 },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Effort: Choose a whole number from 1 to 7');
    expect(response.json().details).toEqual({
      [q.effort.id]: 'Choose a whole number from 1 to 7',
      [q.csat.id]: 'Choose a whole number from 1 to 5',
      [q.visit.id]: 'Choose a date on or before 2026-12-31',
      [q.consent.id]: 'Consent is given by ticking the box (true)',
      [q.ranking.id]: 'Rank every option exactly once',
      [q.matrix.id]: 'Choose a column from 1 to 5 for each statement',
    });
    const opened = await respondent.get(`/api/surveys/${surveyId}`);
    expect(opened.json().surveyResponses).toEqual({});
  });

  it('completes only when every statement of a required matrix is answered', async () => {
    const surveyId = await send(owner, versionId, { email: 'eve@example.com' });
    const partial = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [q.matrix.id]: { staff: 4 } },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('Please answer every required question: Visit.');
  });

  it('keeps the answers as given and scores CES and the matrix', async () => {
    const detail = await owner.get(`/api/surveys/${surveyIds[0]}/response`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.surveyResponses[q.consent.id]).toBe(true);
    expect(body.surveyResponses[q.matrix.id]).toEqual({ staff: 5, wait: 4 });
    const scores = Object.fromEntries(
      body.scoring.questionScores.map((item: { questionId: string }) => [item.questionId, item]),
    );
    expect(scores[q.effort.id]).toMatchObject({ score: 7, percentage: 100 });
    expect(scores[q.csat.id]).toMatchObject({ score: 5, percentage: 100 });
    expect(scores[q.matrix.id]).toMatchObject({ score: 4.5, percentage: 87.5 });
    expect(body.scoring.overallPercentage).toBeCloseTo(93.75);
  });
});

describe('the summary, filters and alerts of the new types', () => {
  const summaryOf = async (filters?: string) => {
    const response = await owner.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=summary${filters ? `&filters=${filters}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const questions = response.json().summary.questions as { questionId: string }[];
    return new Map(questions.map((item) => [item.questionId, item as Record<string, unknown>]));
  };

  it('summarises each type, the same from the aggregates and filtered', async () => {
    const all = await summaryOf();
    // A filter every completed survey passes computes the same figures in SQL.
    const filtered = await summaryOf(
      filterParam({ field: 'surveyState', operator: 'is', value: 'COMPLETE' }),
    );
    for (const summary of [all, filtered]) {
      expect(summary.get(q.effort.id)).toMatchObject({
        totalResponses: 3,
        compositeScore: { percentage: 50 },
      });
      expect((summary.get(q.effort.id)!.distribution as unknown[]).length).toBe(7);
      expect(summary.get(q.ranking.id)!.distribution).toEqual([
        { value: 'Price', label: 'Price', count: 1 },
        { value: 'Speed', label: 'Speed', count: 1 },
        { value: 'Service', label: 'Service', count: 0 },
      ]);
      expect(summary.get(q.visit.id)!.distribution).toEqual([
        { value: '2026-02', label: '2026-02', count: 1 },
        { value: '2026-04', label: '2026-04', count: 1 },
      ]);
      expect(summary.get(q.consent.id)).toMatchObject({
        totalResponses: 2,
        distribution: [{ value: 'true', label: 'Consent given', count: 2 }],
      });
      const rows = summary.get(q.matrix.id)!.matrixRows as Record<string, unknown>[];
      expect(rows[0]).toMatchObject({
        rowId: 'staff',
        label: 'Friendly staff',
        totalResponses: 3,
        percentage: 50,
      });
      expect((rows[0]!.distribution as { count: number }[]).map((item) => item.count)).toEqual([
        1, 0, 1, 0, 1,
      ]);
    }
  });

  it('filters by CES, the matrix mean, the date, the first ranked option and consent', async () => {
    const emails = async (...filters: { field: string; operator: string; value: string | number }[]) => {
      const response = await owner.get(
        `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam(...filters)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .surveys.map(
          (row: { surveyContactMethods: { emailAddress: string }[] }) =>
            row.surveyContactMethods[0]!.emailAddress,
        )
        .sort();
    };
    const field = (id: string) => `surveyResponses.${id}`;
    expect(await emails({ field: field(q.effort.id), operator: 'gte', value: 4 })).toEqual([
      'ada@example.com',
      'cy@example.com',
    ]);
    expect(await emails({ field: field(q.matrix.id), operator: 'lt', value: 3 })).toEqual([
      'bob@example.com',
    ]);
    expect(await emails({ field: field(q.visit.id), operator: 'gt', value: '2026-03-01' })).toEqual([
      'bob@example.com',
    ]);
    expect(await emails({ field: field(q.ranking.id), operator: 'is', value: 'Speed' })).toEqual([
      'ada@example.com',
    ]);
    expect(await emails({ field: field(q.consent.id), operator: 'is', value: 'true' })).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    const bad = await owner.get(
      `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam({ field: field(q.visit.id), operator: 'gt', value: 'spring' })}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('filters: Visit date: the value must be a date as YYYY-MM-DD');
  });

  it('fires an alert on the matrix mean, consent, top ranked option and date', async () => {
    const response = await owner.get('/api/survey-alerts/');
    expect(response.statusCode).toBe(200);
    const fired = response.json().surveyAlerts as { surveyId: string; alertName: string }[];
    expect(fired.map((item) => item.surveyId)).toEqual([surveyIds[1]]);
  });

  it('refuses an alert whose date condition is not a date (400)', async () => {
    const response = await owner.patch(`/api/survey-templates/${versionId}`, {
      surveyTemplateSettings: {
        alerts: [
          {
            id: 'x',
            name: 'Bad date',
            conditions: [{ surveyQuestionId: q.visit.id, operator: 'LESS_THAN', value: 'tomorrow' }],
            recipients: ['chief@example.com'],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Enter a date as YYYY-MM-DD');
  });

  it('exports one column per matrix statement and readable answers', async () => {
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Email Addresses,Phone Numbers,Date Sent,Last Opened,Date Completed,Status,Source,Composite Score,Effort,Satisfaction,Visit date,Contact,Priorities,Visit: Friendly staff,Visit: Short wait',
    );
    const ada = lines.find((line) => line.startsWith('ada@example.com'))!;
    expect(ada).toMatch(/,Completed,Sent,93\.8,7,5,2026-02-10,Yes,Speed > Price > Service,5,4$/);
  });
});
