import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/delivery.js';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient, type TestClient } from '../../test/test-client.js';
import { allQuestions, createTemplate } from '../templates/test-templates-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function joinAsViewer(admin: TestClient): Promise<TestClient> {
  const signUp = newSignUp();
  const invitation = await admin.post('/api/workspaces/invite', {
    emailAddress: signUp.emailAddress,
    role: 'viewer',
  });
  expect(invitation.statusCode).toBe(201);
  const viewer = t.client();
  const joined = await viewer.post('/api/accounts/', {
    ...signUp,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  expect(joined.statusCode).toBe(201);
  return viewer;
}

/** A draft with every question type, an authentication property and a token in each text. */
async function draftTemplate(client: TestClient) {
  const template = await createTemplate(client, 'Preview me');
  const versionId: string = template.surveyTemplateVersionId;
  const response = await client.patch(`/api/survey-templates/${versionId}`, {
    updatedAt: template.updatedAt,
    surveyTemplateDefinition: {
      openingText: 'Hello [First name], thanks for visiting.',
      closingText: 'Goodbye [first name].',
      questions: allQuestions(),
      properties: [
        {
          id: randomUUID(),
          type: 'Text',
          label: 'First name',
          validation: { required: true, authentication: true },
        },
      ],
    },
  });
  expect(response.statusCode).toBe(200);
  return { versionId, version: response.json() };
}

async function countRows() {
  const [surveyRows] = await t.ctx.db.select({ n: count() }).from(surveys);
  const [outboxRows] = await t.ctx.db.select({ n: count() }).from(outboxMessages);
  return { surveys: surveyRows!.n, outbox: outboxRows!.n };
}

describe('previewing a template version', () => {
  it("answers a draft's respondent page as a fresh survey would read it, with tokens as ‹Label›", async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, version } = await draftTemplate(client);
    const response = await client.get(`/api/survey-templates/${versionId}/preview`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      surveyId: versionId,
      surveyState: 'SENT',
      requiresAuthentication: false,
      surveyTemplate: {
        surveyTemplateName: 'Preview me',
        logoUrl: null,
        estimatedMinutes: 5,
        surveyTemplateDefinition: {
          openingText: 'Hello ‹First name›, thanks for visiting.',
          closingText: 'Goodbye ‹First name›.',
        },
      },
      surveyResponses: {},
      lists: [],
    });
    const questionIds = version.surveyTemplateDefinition.questions.map(
      (question: { id: string }) => question.id,
    );
    expect(
      body.surveyTemplate.surveyTemplateDefinition.questions.map((question: { id: string }) => question.id),
    ).toEqual(questionIds);
    expect(body.surveyTemplate.surveyTemplateDefinition.properties[0].validation.authentication).toBe(true);
  });

  it('lets a viewer preview and records nothing: no survey, no outbox message', async () => {
    const { client: admin } = await signUpClient(t.client());
    const { versionId } = await draftTemplate(admin);
    const viewer = await joinAsViewer(admin);
    const before = await countRows();
    for (let i = 0; i < 3; i += 1) {
      expect((await viewer.get(`/api/survey-templates/${versionId}/preview`)).statusCode).toBe(200);
    }
    expect(await countRows()).toEqual(before);
  });

  it("answers 404 for another workspace's version and for an unknown one", async () => {
    const { client: owner } = await signUpClient(t.client());
    const { client: stranger } = await signUpClient(t.client());
    const { versionId } = await draftTemplate(owner);
    for (const id of [versionId, randomUUID()]) {
      const response = await stranger.get(`/api/survey-templates/${id}/preview`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Survey template not found');
    }
    expect((await t.client().get(`/api/survey-templates/${versionId}/preview`)).statusCode).toBe(401);
  });

  it("previews the provider's base template drafts for the provider, and only published ones for customers", async () => {
    const provider = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
    const customer = await signUpClient(t.client());
    t.ctx.providerWorkspaceId = provider.startup.workspaces[0]!.workspaceId;
    try {
      const created = await provider.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Retail NPS',
      });
      expect(created.statusCode).toBe(201);
      const path = `/api/base-survey-templates/${created.json().baseSurveyTemplateVersionId}/preview`;
      const preview = await provider.client.get(path);
      expect(preview.statusCode).toBe(200);
      expect(preview.json().surveyTemplate.surveyTemplateName).toBe('Retail NPS');
      expect((await customer.client.get(path)).statusCode).toBe(404);
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
