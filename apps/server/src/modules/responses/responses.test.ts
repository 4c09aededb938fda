import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { bearer, everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 12));

async function send(
  client: TestClient,
  versionId: string,
  contacts: { email?: string; phone?: string },
  properties: Record<string, string> = {},
): Promise<string> {
  const surveyContactMethods = [
    ...(contacts.email ? [{ contactMethodType: 'email', emailAddress: contacts.email }] : []),
    ...(contacts.phone ? [{ contactMethodType: 'phone', phoneNumber: contacts.phone }] : []),
  ];
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods,
    surveyProperties: properties,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().surveyId;
}

async function answer(surveyId: string, surveyResponses: Record<string, unknown>, complete = true) {
  const response = await t
    .client()
    .patch(`/api/surveys/${surveyId}${complete ? '?markAsComplete=true' : ''}`, { surveyResponses });
  expect(response.statusCode, response.body).toBe(200);
}

const filterParam = (...filters: { field: string; operator: string; value: string | number }[]) =>
  encodeURIComponent(JSON.stringify({ logic: 'AND', filters }));

describe('responses of one template', () => {
  let owner: TestClient;
  let templateId: string;
  let q: ReturnType<typeof everyQuestion>;
  const ids: Record<string, string> = {};
  const visible = { id: randomUUID(), type: 'Text', label: 'Store code' };
  const hidden = {
    id: randomUUID(),
    type: 'Text',
    label: 'Internal note',
    visibleInReportsAndFiltering: false,
  };

  beforeAll(async () => {
    owner = (await signUpClient(t.client())).client;
    q = everyQuestion();
    q.nps = { ...q.nps, compositeScore: { enabled: true, value: 2 } } as typeof q.nps;
    q.stars = { ...q.stars, compositeScore: { enabled: true, value: 1 } } as typeof q.stars;
    q.numeric = { ...q.numeric, compositeScore: { enabled: false, value: 0 } } as typeof q.numeric;
    const template = await publishTemplate(
      owner,
      { properties: [visible, hidden], questions: Object.values(q) },
      { name: 'Visit survey' },
    );
    templateId = template.surveyTemplateId;
    const versionId = template.surveyTemplateVersionId;
    const props = { [visible.id]: '=HYPERLINK("x")', [hidden.id]: 'secret' };
    t.setNow(day(0));
    ids.ada = await send(owner, versionId, { email: 'ada@example.com', phone: '(555) 123-4567' }, props);
    t.setNow(day(1));
    ids.bob = await send(owner, versionId, { email: 'bob@shop.test' });
    t.setNow(day(2));
    ids.cy = await send(owner, versionId, { phone: '5559876543' });
    t.setNow(day(3));
    ids.dee = await send(owner, versionId, { email: 'dee@example.com' });
    t.setNow(day(4));
    ids.eve = await send(owner, versionId, { email: 'eve@example.com' });
    t.setNow(day(5));
    await answer(ids.ada!, {
      [q.nps.id]: 10,
      [q.stars.id]: 5,
      [q.numeric.id]: 7,
      [q.choice.id]: ['Tyres', 'Other: Brakes'],
      [q.dropdown.id]: 'North',
      [q.short.id]: 'Ada',
      [q.long.id]: '=cmd|calc',
    });
    await answer(ids.bob!, {
      [q.nps.id]: 6,
      [q.stars.id]: 1,
      [q.numeric.id]: 1,
      [q.choice.id]: ['Oil'],
      [q.dropdown.id]: 'South',
      [q.short.id]: 'Bob',
    });
    await answer(ids.cy!, { [q.nps.id]: 9 }, false);
    expect((await t.client().get(`/api/surveys/${ids.dee}?markAsOpened=true`)).statusCode).toBe(200);
  });
  afterAll(() => t.setNow(undefined));

  const list = (query = '') => owner.get(`/api/surveys?surveyTemplateId=${templateId}${query}`);
  const surveyIdsOf = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json().surveys as { surveyId: string }[]).map((survey) => survey.surveyId);
    // The total (from the aggregates for one question filter, else counted) matches the rows.
    expect(response.json().pagination.total, query).toBe(found.length);
    const counted = await list(`${query}&include=surveys`);
    expect(counted.json().pagination.total, query).toBe(found.length);
    return found;
  };

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
      ['&limit=30', /limit must be one of 10, 25, 50, 100/],
      ['&page=0', /page must be 1 or more/],
      ['&sentFrom=soon', /Expected a date/],
    ];
    for (const [query, message] of problems) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
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

  it('exports CSV with one row per survey and formulas neutralised', async () => {
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="visit-survey-responses-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'Email Addresses,Phone Numbers,Date Sent,Last Opened,Date Completed,Status,Composite Score,NPS,Stars,Ease,Bought,Store,Name,Comments,Store code',
    );
    expect(lines[5]).toBe(
      `ada@example.com,5551234567,${day(0).toISOString()},,${day(5).toISOString()},Completed,100,10,5,7,Tyres; Other: Brakes,North,Ada,'=cmd|calc,"'=HYPERLINK(""x"")"`,
    );
    expect(lines[1]).toMatch(/^eve@example.com,,.*,Pending,,/);
    expect(response.body).not.toContain('secret');

    const filtered = await owner.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&filters=${filterParam({ field: 'surveyState', operator: 'is', value: 'IN_PROGRESS' })}`,
    );
    expect(filtered.body.trim().split('\n')).toHaveLength(3);
    const bad = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=pdf`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports XLSX that reads back with the same rows', async () => {
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.rowCount).toBe(6);
    const ada = sheet.getRow(6).values as unknown[];
    expect(ada.slice(1, 8)).toEqual([
      'ada@example.com',
      '5551234567',
      day(0).toISOString(),
      undefined,
      day(5).toISOString(),
      'Completed',
      100,
    ]);
    expect(ada[14]).toBe("'=cmd|calc");
    expect(ada[15]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('paging', () => {
  it('pages newest first without gaps or repeats, from either end', async () => {
    const owner = (await signUpClient(t.client())).client;
    const template = await publishTemplate(owner, { questions: [everyQuestion().nps] });
    const rows = Array.from({ length: 23 }, (_, index) => ({ emailAddress: `p${index}@example.com` }));
    const bulk = await owner.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rows,
    });
    expect(bulk.json().created).toBe(23);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await owner.get(
        `/api/surveys?surveyTemplateId=${template.surveyTemplateId}&page=${page}&limit=10`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.pagination).toEqual({ page, limit: 10, total: 23, totalPages: 3 });
      expect(body.surveys).toHaveLength(page === 3 ? 3 : 10);
      seen.push(...body.surveys.map((survey: { surveyId: string }) => survey.surveyId));
    }
    expect(new Set(seen).size).toBe(23);
    const all = (
      await owner.get(`/api/surveys?surveyTemplateId=${template.surveyTemplateId}&limit=50`)
    ).json();
    expect(all.surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual(seen);
    const sorted = [...all.surveys].sort(
      (a: { sentAt: string; surveyId: string }, b: { sentAt: string; surveyId: string }) =>
        b.sentAt.localeCompare(a.sentAt) || b.surveyId.localeCompare(a.surveyId),
    );
    expect(sorted.map((survey) => survey.surveyId)).toEqual(seen);
    const beyond = (
      await owner.get(`/api/surveys?surveyTemplateId=${template.surveyTemplateId}&page=9&limit=10`)
    ).json();
    expect(beyond.surveys).toEqual([]);
    const filtered = await owner.get(
      `/api/surveys?surveyTemplateId=${template.surveyTemplateId}&page=3&limit=10&include=surveys&filters=${filterParam({ field: 'surveyState', operator: 'is', value: 'SENT' })}`,
    );
    expect(filtered.json().pagination).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3 });
    expect(filtered.json().surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual(
      seen.slice(20),
    );
  });
});

describe('benchmarks', () => {
  it('appear only with 10 completed surveys from 3 workspaces, as aggregates only', async () => {
    const provider = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
    t.ctx.providerWorkspaceId = provider.startup.workspaces[0]!.workspaceId;
    try {
      const npsId = randomUUID();
      const created = await provider.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Retail NPS',
        accountId: provider.startup.account.accountId,
      });
      expect(created.statusCode, created.body).toBe(201);
      const baseVersionId = created.json().baseSurveyTemplateVersionId;
      const updated = await provider.client.patch(`/api/base-survey-templates/${baseVersionId}`, {
        baseSurveyTemplateDefinition: {
          questions: [
            {
              id: npsId,
              type: 'NetPromoterScore',
              question: 'Recommend us?',
              label: 'NPS',
              compositeScore: { enabled: true, value: 1 },
            },
          ],
        },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(
        (
          await provider.client.patch(`/api/base-survey-templates/${baseVersionId}/state`, {
            stateCode: 'PUBLISHED',
          })
        ).statusCode,
      ).toBe(200);

      const customers: { client: TestClient; templateId: string; versionId: string }[] = [];
      for (let index = 0; index < 3; index += 1) {
        const client = (await signUpClient(t.client())).client;
        const template = await client.post('/api/survey-templates/', {
          surveyTemplateName: `From base ${index}`,
          baseSurveyTemplateVersionId: baseVersionId,
        });
        expect(template.statusCode, template.body).toBe(201);
        const versionId = template.json().surveyTemplateVersionId;
        await client.patch(`/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
        customers.push({ client, templateId: template.json().surveyTemplateId, versionId });
      }
      const complete = async (customer: (typeof customers)[number], nps: number) => {
        const id = await send(customer.client, customer.versionId, { email: `${randomUUID()}@example.com` });
        await answer(id, { [npsId]: nps });
        return id;
      };
      const summaryOf = async (customer: (typeof customers)[number]) =>
        (await customer.client.get(`/api/surveys?surveyTemplateId=${customer.templateId}`)).json().summary;

      // Ten surveys, but from two workspaces: not enough.
      const [first, second, third] = customers as [
        (typeof customers)[0],
        (typeof customers)[0],
        (typeof customers)[0],
      ];
      for (let index = 0; index < 5; index += 1) await complete(first, 10);
      let lastId = '';
      for (let index = 0; index < 5; index += 1) lastId = await complete(second, 0);
      let summary = await summaryOf(first);
      expect(summary.hasBaseTemplate).toBe(true);
      expect(summary.overallBenchmark).toBeNull();
      expect(summary.questions[0].compositeScore).toMatchObject({
        percentage: 100,
        comparativeBenchmark: null,
      });

      // A third workspace: 11 surveys from 3 workspaces; (500 + 0 + 50) / 11.
      await complete(third, 5);
      summary = await summaryOf(first);
      expect(summary.overallBenchmark.percentage).toBeCloseTo(550 / 11, 6);
      expect(summary.questions[0].compositeScore.comparativeBenchmark.percentage).toBeCloseTo(550 / 11, 6);
      // The Survey Average stays the template's own.
      expect(summary.questions[0].compositeScore.percentage).toBe(100);
      const detail = (await second.client.get(`/api/surveys/${lastId}/response`)).json();
      expect(detail.scoring.questionScores[0]).toMatchObject({
        percentage: 0,
        templateComparativeBenchmark: { percentage: 0 },
      });
      expect(detail.scoring.questionScores[0].comparativeBenchmark.percentage).toBeCloseTo(550 / 11, 6);
      // Nothing of the others' surveys is reachable.
      expect((await first.client.get(`/api/surveys/${lastId}/response`)).statusCode).toBe(404);
      expect((await first.client.get(`/api/surveys?surveyTemplateId=${second.templateId}`)).statusCode).toBe(
        404,
      );
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
