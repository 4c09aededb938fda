import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { answer, filterParam, send } from './test-responses-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
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
        await answer(t, id, { [npsId]: nps });
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
