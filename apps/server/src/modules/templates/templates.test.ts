import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { allQuestions, createTemplate, nps, withQuestions } from './test-templates-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('survey templates', () => {
  it('creates a draft with the default definition and settings, and lists it', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    expect(created).toMatchObject({
      surveyTemplateName: 'Customer satisfaction',
      surveyTemplateDescription: 'After each visit',
      surveyTemplateState: 'DRAFT',
      versionNumber: 1,
      baseSurveyTemplateVersionId: null,
      surveyTemplateDefinition: {
        schemaVersion: '1.0',
        openingText: 'Welcome to our survey. Your feedback is important to us...',
        closingText: 'Thank you for completing our survey...',
        reviewLink: '',
        properties: [],
        questions: [],
      },
      surveyTemplateSettings: { expiration: { duration: 30, period: 'days' }, reminders: [], alerts: [] },
    });
    const list = (await client.get('/api/survey-templates/')).json();
    expect(list.surveyTemplates).toEqual([
      expect.objectContaining({
        surveyTemplateId: created.surveyTemplateId,
        surveyTemplateVersionId: created.surveyTemplateVersionId,
        surveyTemplateState: 'DRAFT',
        responsesCount: 0,
      }),
    ]);
  });

  it('rejects a short name with the form message', async () => {
    const { client } = await signUpClient(t.client());
    const response = await client.post('/api/survey-templates/', { surveyTemplateName: 'ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.surveyTemplateName).toBe('Template name must be at least 3 characters');
  });

  it('saves every question type, and accepts the definition as a JSON string', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const questions = allQuestions();
    const response = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, {
      surveyTemplateDefinition: JSON.stringify({ openingText: 'Hi [First name]', questions }),
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json().surveyTemplateDefinition;
    expect(saved.openingText).toBe('Hi [First name]');
    expect(saved.questions.map((q: { id: string }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(saved.questions[3]).toMatchObject({
      multiSelect: true,
      includeOtherOption: true,
      answerOptions: ['Tyres', 'Oil'],
    });
  });

  it.each([
    [
      { questions: [{ ...nps(), question: '' }] },
      'surveyTemplateDefinition.questions.0.question',
      'Question text is required',
    ],
    [
      { questions: [{ ...nps(), id: 'q1' }] },
      'surveyTemplateDefinition.questions.0.id',
      'Question id must be a UUID',
    ],
    [
      { questions: [{ ...nps(), type: 'Essay' }] },
      'surveyTemplateDefinition.questions.0.type',
      expect.any(String),
    ],
    [
      { properties: [{ id: randomUUID(), type: 'ListItem', label: 'Store' }] },
      'surveyTemplateDefinition.properties.0.listId',
      'List selection is required for ListItem properties',
    ],
    [
      { reviewLink: 'javascript:alert(1)' },
      'surveyTemplateDefinition.reviewLink',
      'Please enter a valid URL',
    ],
  ])(
    'answers 400 naming the failing field for %j, and changes nothing',
    async (definition, path, message) => {
      const { client } = await signUpClient(t.client());
      const created = await createTemplate(client);
      const response = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, {
        surveyTemplateDefinition: definition,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[path]).toEqual(message);
      const after = (await client.get(`/api/survey-templates/${created.surveyTemplateVersionId}`)).json();
      expect(after.updatedAt).toBe(created.updatedAt);
    },
  );

  it('refuses a list that is not the workspace own', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const response = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, {
      surveyTemplateDefinition: {
        properties: [{ id: randomUUID(), type: 'ListItem', label: 'Store', listId: randomUUID() }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details['surveyTemplateDefinition.properties.0.listId']).toBe(
      'Choose a list of this workspace',
    );
  });

  it('answers 409 to a stale write instead of overwriting', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const first = await withQuestions(client, created);
    const stale = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, {
      updatedAt: created.updatedAt,
      surveyTemplateDefinition: { questions: [] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This template was changed elsewhere. Reload to see the latest version.',
    );
    const after = (await client.get(`/api/survey-templates/${created.surveyTemplateVersionId}`)).json();
    expect(after.surveyTemplateDefinition.questions).toHaveLength(7);
    expect(after.updatedAt).toBe(first.updatedAt);
  });

  it('publishes, freezes the definition, keeps settings editable, and Edit makes a new draft', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const v1 = created.surveyTemplateVersionId;
    const empty = await client.patch(`/api/survey-templates/${v1}/state`, { stateCode: 'PUBLISHED' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Add at least one question before publishing.');

    await withQuestions(client, (await client.get(`/api/survey-templates/${v1}`)).json());
    const published = await client.patch(`/api/survey-templates/${v1}`, { stateCode: 'PUBLISHED' });
    expect(published.json().surveyTemplateState).toBe('PUBLISHED');
    expect(
      (await client.patch(`/api/survey-templates/${v1}/state`, { stateCode: 'PUBLISHED' })).statusCode,
    ).toBe(409);

    const frozen = await client.patch(`/api/survey-templates/${v1}`, {
      surveyTemplateDefinition: { questions: [] },
    });
    expect(frozen.statusCode).toBe(409);
    const settings = await client.patch(`/api/survey-templates/${v1}`, {
      surveyTemplateSettings: {
        expiration: { duration: 2, period: 'weeks' },
        reminders: [{ id: randomUUID(), duration: 3, period: 'days' }],
      },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().surveyTemplateSettings.reminders[0]).toMatchObject({
      event: 'sent',
      message: 'Please complete the survey...',
    });

    const draft = await client.post(`/api/survey-templates/${created.surveyTemplateId}/version`, {
      accountId: 'ignored',
    });
    expect(draft.statusCode).toBe(201);
    const v2 = draft.json();
    expect(v2).toMatchObject({ versionNumber: 2, surveyTemplateState: 'DRAFT' });
    expect(v2.surveyTemplateVersionId).not.toBe(v1);
    expect(v2.surveyTemplateDefinition).toEqual(settings.json().surveyTemplateDefinition);
    expect(v2.surveyTemplateSettings.expiration).toEqual({ duration: 2, period: 'weeks' });
    const again = await client.post(`/api/survey-templates/${created.surveyTemplateId}/version`);
    expect(again.json().surveyTemplateVersionId).toBe(v2.surveyTemplateVersionId);

    const publishV2 = await client.patch(`/api/survey-templates/${v2.surveyTemplateVersionId}/state`, {
      stateCode: 'PUBLISHED',
    });
    expect(
      publishV2
        .json()
        .versions.map((v: { versionNumber: number; surveyTemplateState: string }) => [
          v.versionNumber,
          v.surveyTemplateState,
        ]),
    ).toEqual([
      [2, 'PUBLISHED'],
      [1, 'UNPUBLISHED'],
    ]);
    const unpublish = await client.patch(`/api/survey-templates/${v2.surveyTemplateVersionId}/state`, {
      stateCode: 'UNPUBLISHED',
    });
    expect(unpublish.json().surveyTemplateState).toBe('UNPUBLISHED');
  });

  it('refuses to unpublish a draft (409)', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const response = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}/state`, {
      stateCode: 'UNPUBLISHED',
    });
    expect(response.statusCode).toBe(409);
  });

  it('checks alerts against the questions', async () => {
    const { client } = await signUpClient(t.client());
    const created = await withQuestions(client, await createTemplate(client));
    const npsId = created.surveyTemplateDefinition.questions[0].id;
    const alert = (value: number) => ({
      surveyTemplateSettings: {
        alerts: [
          {
            id: 'a1',
            name: 'Detractor',
            conditions: [{ surveyQuestionId: npsId, operator: 'LESS_THAN', value }],
            recipients: ['boss@example.com'],
          },
        ],
      },
    });
    const bad = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, alert(12));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details['surveyTemplateSettings.alerts.0.conditions.0.value']).toBe(
      'Enter a number from 0 to 10',
    );
    const good = await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, alert(7));
    expect(good.json().surveyTemplateSettings.alerts[0]).toMatchObject({
      name: 'Detractor',
      notificationChannels: ['email'],
    });
  });

  it("answers 404 for another workspace's template on every route", async () => {
    const owner = await signUpClient(t.client());
    const created = await createTemplate(owner.client);
    const other = await signUpClient(t.client());
    const asOwner = { headers: { 'x-workspace-id': owner.startup.workspaces[0]!.workspaceId } };
    const v = created.surveyTemplateVersionId;
    const responses = [
      await other.client.get(`/api/survey-templates/${v}`, asOwner),
      await other.client.patch(`/api/survey-templates/${v}`, { surveyTemplateName: 'Mine now' }, asOwner),
      await other.client.patch(`/api/survey-templates/${v}/state`, { stateCode: 'PUBLISHED' }, asOwner),
      await other.client.post(`/api/survey-templates/${created.surveyTemplateId}/version`, {}, asOwner),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await other.client.get('/api/survey-templates/')).json().surveyTemplates).toEqual([]);
    expect((await owner.client.get(`/api/survey-templates/${v}`)).json().surveyTemplateName).toBe(
      'Customer satisfaction',
    );
  });

  it('counts completed surveys in the Responses column', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createTemplate(client);
    const question = nps();
    await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}`, {
      surveyTemplateDefinition: { questions: [question] },
    });
    await client.patch(`/api/survey-templates/${created.surveyTemplateVersionId}/state`, {
      stateCode: 'PUBLISHED',
    });
    const send = () =>
      client.post('/api/surveys/', {
        surveyTemplateVersionId: created.surveyTemplateVersionId,
        surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'respondent@example.com' }],
        surveyProperties: {},
      });
    const first = (await send()).json();
    await send();
    const respondent = t.client();
    const complete = await respondent.patch(`/api/surveys/${first.surveyId}?markAsComplete=true`, {
      surveyResponses: { [question.id]: 9 },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    const list = (await client.get('/api/survey-templates/')).json();
    expect(list.surveyTemplates[0].responsesCount).toBe(1);
  });

  it('requires a session (401)', async () => {
    expect((await t.client().get('/api/survey-templates/')).statusCode).toBe(401);
  });
});
