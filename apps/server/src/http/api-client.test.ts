import { createGraphiumClient, eachItem } from '@graphium/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../modules/surveys/test-fixtures.js';
import { nps } from '../modules/templates/test-templates-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpClient } from '../test/test-client.js';

// packages/client against the running server (docs/decisions/037-public-api-v1.md): the app
// listens on a free port and the generated, typed client calls it over HTTP.

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('@graphium/client', () => {
  it('lists, creates, sends and reads responses through the typed client', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await admin.post('/api/customers/api-keys', { apiKeyName: 'Client', scope: 'read-write' });
    const published = await publishTemplate(admin, { properties: [], questions: [nps()] });
    const graphium = createGraphiumClient({ baseUrl, apiKey: key.json().apiKey });

    const created = await graphium.POST('/survey-templates', {
      body: { surveyTemplateName: 'From the client' },
      headers: { 'Idempotency-Key': 'client-create-1' },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.surveyTemplateName).toBe('From the client');
    const again = await graphium.POST('/survey-templates', {
      body: { surveyTemplateName: 'From the client' },
      headers: { 'Idempotency-Key': 'client-create-1' },
    });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.surveyTemplateId).toBe(created.data?.surveyTemplateId);

    const names: string[] = [];
    for await (const template of eachItem((cursor) =>
      graphium
        .GET('/survey-templates', { params: { query: { cursor, limit: 1 } } })
        .then(({ data, error }) => {
          if (error) throw new Error(error.message);
          return { items: data.surveyTemplates, next: data.next };
        }),
    )) {
      names.push(template.surveyTemplateName);
    }
    expect(names).toEqual(['From the client', 'After your visit']);

    const sent = await graphium.POST('/surveys', {
      body: {
        surveyTemplateVersionId: published.surveyTemplateVersionId,
        surveyContactMethods: [
          { contactMethodType: 'email', emailAddress: `client.${Date.now()}@example.com` },
        ],
      },
    });
    expect(sent.response.status).toBe(201);
    const responses = await graphium.GET('/responses', {
      params: { query: { surveyTemplateId: published.surveyTemplateId } },
    });
    expect(responses.data?.surveys.map((survey) => survey.surveyId)).toEqual([sent.data?.surveyId]);
    const one = await graphium.GET('/responses/{id}', { params: { path: { id: sent.data!.surveyId } } });
    expect(one.data?.surveyId).toBe(sent.data?.surveyId);
  });

  it('hands back the error shape, typed, with the status', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await admin.post('/api/customers/api-keys', {
      apiKeyName: 'Reader',
      scopes: ['responses:read'],
    });
    const graphium = createGraphiumClient({ baseUrl, apiKey: key.json().apiKey });
    const refused = await graphium.GET('/survey-templates', {});
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual({
      error: 'FORBIDDEN',
      message: 'This API key may not read templates: it needs the templates:read scope.',
    });
    const unknown = createGraphiumClient({ baseUrl, apiKey: `gph_live_${'x'.repeat(43)}` });
    expect((await unknown.GET('/survey-templates', {})).error?.error).toBe('UNAUTHENTICATED');
  });
});
