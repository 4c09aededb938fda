import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { answer, day, filterParam, send } from './test-responses-fixtures.js';

// Benchmarks beside filtered summaries and segments keep their floor: 10 surveys from 3
// workspaces (docs/decisions/029-segments.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

describe('benchmarks in segments and periods', () => {
  it('are reported only from 10 surveys in 3 workspaces, in every period and segment', async () => {
    const provider = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
    t.ctx.providerWorkspaceId = provider.startup.workspaces[0]!.workspaceId;
    try {
      const npsId = randomUUID();
      const planId = randomUUID();
      const created = await provider.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Account NPS',
        accountId: provider.startup.account.accountId,
      });
      const baseVersionId = created.json().baseSurveyTemplateVersionId;
      const updated = await provider.client.patch(`/api/base-survey-templates/${baseVersionId}`, {
        baseSurveyTemplateDefinition: {
          properties: [{ id: planId, type: 'Text', label: 'Plan' }],
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
      await provider.client.patch(`/api/base-survey-templates/${baseVersionId}/state`, {
        stateCode: 'PUBLISHED',
      });
      const customers: { client: TestClient; templateId: string; versionId: string }[] = [];
      for (let index = 0; index < 3; index += 1) {
        const client = (await signUpClient(t.client())).client;
        const template = await client.post('/api/survey-templates/', {
          surveyTemplateName: `From base ${index}`,
          baseSurveyTemplateVersionId: baseVersionId,
        });
        const versionId = template.json().surveyTemplateVersionId;
        await client.patch(`/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
        customers.push({ client, templateId: template.json().surveyTemplateId, versionId });
      }
      const [first, second, third] = customers as [
        (typeof customers)[0],
        (typeof customers)[0],
        (typeof customers)[0],
      ];
      const complete = async (customer: (typeof customers)[0], nps: number, at: number) => {
        t.setNow(day(at));
        const id = await send(
          customer.client,
          customer.versionId,
          { email: `${randomUUID()}@example.com` },
          {
            [planId]: nps > 5 ? 'Pro' : 'Basic',
          },
        );
        await answer(t, id, { [npsId]: nps });
      };
      const period = `&sentFrom=${day(1).toISOString()}&sentTo=${day(3).toISOString()}`;
      const views = async () => {
        const { client, templateId } = first;
        const pro = filterParam({ field: `surveyProperties.${planId}`, operator: 'equals', value: 'Pro' });
        const summary = await client.get(
          `/api/surveys?surveyTemplateId=${templateId}&include=summary&filters=${pro}${period}`,
        );
        const segments = await client.get(
          `/api/survey-templates/${templateId}/segments?property=${planId}${period}`,
        );
        expect(summary.statusCode, summary.body).toBe(200);
        expect(segments.statusCode, segments.body).toBe(200);
        return { summary: summary.json().summary, segments: segments.json() };
      };

      // Ten surveys from two workspaces: no benchmark, whatever the period or segment.
      for (let index = 0; index < 5; index += 1) await complete(first, 10, index % 3);
      for (let index = 0; index < 5; index += 1) await complete(second, 0, 0);
      let seen = await views();
      expect(seen.summary.overallBenchmark).toBeNull();
      expect(seen.summary.questions[0].compositeScore.comparativeBenchmark).toBeNull();
      expect(seen.segments.overallBenchmark).toBeNull();

      // A third workspace: the benchmark is the base template's, over every period and workspace,
      // never one computed from the period's or the segment's few surveys.
      await complete(third, 5, 0);
      seen = await views();
      expect(seen.summary.totalResponses).toBeLessThan(5);
      expect(seen.summary.overallBenchmark.percentage).toBeCloseTo(550 / 11, 6);
      expect(seen.segments.overallBenchmark.percentage).toBeCloseTo(550 / 11, 6);
      for (const segment of seen.segments.segments) expect(Object.keys(segment)).not.toContain('benchmark');
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
