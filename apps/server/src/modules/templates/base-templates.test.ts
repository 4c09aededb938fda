import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { nps } from './test-templates-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('base survey templates', () => {
  it('are written only in the provider workspace, and a customer builds on a published one', async () => {
    const provider = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
    const customer = await signUpClient(t.client());
    t.ctx.providerWorkspaceId = provider.startup.workspaces[0]!.workspaceId;
    try {
      const refused = await customer.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Sneaky base',
      });
      expect(refused.statusCode).toBe(403);

      const created = await provider.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Retail NPS',
        baseSurveyTemplateDescription: 'The standard retail survey',
        accountId: '00000000-placeholder',
      });
      expect(created.statusCode).toBe(201);
      const base = created.json();
      expect(base).toMatchObject({
        baseSurveyTemplateState: 'DRAFT',
        accountId: provider.startup.account.accountId,
      });
      const withList = await provider.client.patch(
        `/api/base-survey-templates/${base.baseSurveyTemplateVersionId}`,
        {
          baseSurveyTemplateDefinition: {
            properties: [{ id: randomUUID(), type: 'ListItem', label: 'Store', listId: randomUUID() }],
          },
        },
      );
      expect(withList.statusCode).toBe(400);
      expect(withList.json().details['baseSurveyTemplateDefinition.properties.0.listId']).toBe(
        'Base templates cannot use lookup lists: each workspace has its own lists.',
      );
      const questions = [nps(), nps()];
      const updated = await provider.client.patch(
        `/api/base-survey-templates/${base.baseSurveyTemplateVersionId}`,
        {
          baseSurveyTemplateDefinition: { questions },
        },
      );
      expect(updated.statusCode).toBe(200);

      // Unpublished, customers cannot see it.
      expect((await customer.client.get('/api/base-survey-templates/')).json().baseSurveyTemplates).toEqual(
        [],
      );
      expect(
        (await customer.client.get(`/api/base-survey-templates/${base.baseSurveyTemplateVersionId}`))
          .statusCode,
      ).toBe(404);
      const early = await customer.client.post('/api/survey-templates/', {
        surveyTemplateName: 'From base',
        baseSurveyTemplateVersionId: base.baseSurveyTemplateVersionId,
      });
      expect(early.statusCode).toBe(400);

      await provider.client.patch(`/api/base-survey-templates/${base.baseSurveyTemplateVersionId}/state`, {
        stateCode: 'PUBLISHED',
      });
      const listed = (await customer.client.get('/api/base-survey-templates/')).json().baseSurveyTemplates;
      expect(listed).toEqual([
        expect.objectContaining({
          baseSurveyTemplateName: 'Retail NPS',
          questionCount: 2,
          usageCount: 0,
          baseSurveyTemplateState: 'PUBLISHED',
        }),
      ]);

      const fromBase = await customer.client.post('/api/survey-templates/', {
        surveyTemplateName: 'Our retail NPS',
        baseSurveyTemplateVersionId: base.baseSurveyTemplateVersionId,
      });
      expect(fromBase.statusCode).toBe(201);
      expect(fromBase.json().baseSurveyTemplateVersionId).toBe(base.baseSurveyTemplateVersionId);
      expect(fromBase.json().surveyTemplateDefinition.questions.map((q: { id: string }) => q.id)).toEqual(
        questions.map((q) => q.id),
      );

      const usage = (await provider.client.get('/api/base-survey-templates/')).json().baseSurveyTemplates;
      expect(usage[0].usageCount).toBe(1);
      const customerWrite = await customer.client.patch(
        `/api/base-survey-templates/${base.baseSurveyTemplateVersionId}`,
        {
          baseSurveyTemplateName: 'Hijacked',
        },
      );
      expect(customerWrite.statusCode).toBe(403);
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
