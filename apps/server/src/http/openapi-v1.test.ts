import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../modules/surveys/test-fixtures.js';
import { nps } from '../modules/templates/test-templates-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpClient } from '../test/test-client.js';

// The /api/v1 document (docs/decisions/037-public-api-v1.md): complete, with examples that fit
// their schemas, and true: a walk calls every operation it lists and checks the live replies
// against it. Redocly's recommended rules check it too (`npm run lint`).

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON.
type Json = Record<string, any>;

let t: TestApp;
let document: Json;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

function validatorFor(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'v1', components: doc.components }, 'v1');
  return (ref: string, data: unknown) => {
    const validate = ajv.compile({ $ref: `v1${ref.replace(/^#/, '#')}` });
    return validate(data)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

function operationsOf(doc: Json) {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Json,
    })),
  );
}

/** The reply's schema reference as the document states it for this status, resolved once. */
function replySchemaRef(operation: Json, status: number): string | undefined {
  let reply = operation.responses[String(status)];
  if (!reply) return undefined;
  if (reply.$ref) reply = document.components.responses[reply.$ref.split('/').pop()];
  return reply.content?.['application/json']?.schema?.$ref;
}

describe('the /api/v1 OpenAPI document', () => {
  it('is served at /api/v1/openapi.json as OpenAPI 3.1 for API keys, apart from the web app’s document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api/v1', description: 'This server' }]);
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const unversioned = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(unversioned.paths).some((path) => path.startsWith('/api/v1'))).toBe(false);
  });

  it('lists every mounted /api/v1 route, with an operationId, a summary, examples and the error replies', () => {
    const documented = operationsOf(document).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    const mounted = t.app.apiV1Routes.map(
      (route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(documented.sort()).toEqual(mounted.sort());
    expect(mounted).toEqual(
      expect.arrayContaining([
        'GET /survey-templates',
        'POST /surveys',
        'GET /responses',
        'GET /responses/{id}',
      ]),
    );
    for (const { method, path, operation } of operationsOf(document)) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, where).toEqual(expect.any(String));
      for (const status of ['401', '403', '404', '429', '500', '503']) {
        expect(operation.responses[status], `${where} ${status}`).toEqual({
          $ref: expect.stringMatching(/^#\/components\/responses\//),
        });
      }
      const success = Object.entries(operation.responses as Json).find(([status]) => status.startsWith('2'));
      expect(success?.[1].content['application/json'].example, where).toBeDefined();
      expect(success?.[1].headers['RateLimit-Remaining'], where).toBeDefined();
      if (operation.requestBody) {
        expect(operation.requestBody.content['application/json'].example, where).toBeDefined();
      }
      if (method === 'post') {
        expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
        expect(operation.responses['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
      }
    }
  });

  it('has examples that fit their own schemas, the error replies’ included', () => {
    const check = validatorFor(document);
    for (const { method, path, operation } of operationsOf(document)) {
      const media = [
        operation.requestBody?.content['application/json'],
        ...Object.values(operation.responses as Json).map((reply) => reply.content?.['application/json']),
      ].filter(Boolean);
      for (const { schema, example } of media) {
        expect(check(schema.$ref, example), `${method} ${path} ${schema.$ref}`).toEqual([]);
      }
    }
    for (const [name, reply] of Object.entries(document.components.responses as Json)) {
      const media = reply.content['application/json'];
      expect(check(media.schema.$ref, media.example), name).toEqual([]);
    }
  });

  it('is the document packages/client is generated from (npm run generate -w @graphium/client)', async () => {
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot(
      '../../../../packages/client/openapi.json',
    );
  });
});

describe('the document against the live replies', () => {
  it('calls every operation it lists and each reply matches the schema stated for its status', async () => {
    const { client: admin } = await signUpClient(t.client());
    const created = await admin.post('/api/customers/api-keys', { apiKeyName: 'Walk', scope: 'read-write' });
    const apiKey = created.json().apiKey as string;
    const published = await publishTemplate(
      admin,
      { properties: [], questions: [nps()] },
      { name: 'Walked' },
    );
    const another = await publishTemplate(
      admin,
      { properties: [], questions: [nps()] },
      { name: 'Unpublished' },
    );
    const state: Record<string, string> = {};
    const emailAddress = () => `walk.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

    // One request per operation, in an order where each finds what it needs; an operation added
    // to the document without one here fails the walk.
    const fixtures: Record<string, () => { url: string; body?: object }> = {
      listSurveyTemplates: () => ({ url: '/survey-templates?limit=1' }),
      getSurveyTemplate: () => ({ url: `/survey-templates/${published.surveyTemplateVersionId}` }),
      createSurveyTemplate: () => ({
        url: '/survey-templates',
        body: { surveyTemplateName: 'Created by the walk' },
      }),
      updateSurveyTemplate: () => ({
        url: `/survey-templates/${state.draftVersionId}`,
        body: { surveyTemplateDescription: 'Changed by the walk' },
      }),
      changeSurveyTemplateState: () => ({
        url: `/survey-templates/${another.surveyTemplateVersionId}/state`,
        body: { stateCode: 'UNPUBLISHED' },
      }),
      createSurveyTemplateDraft: () => ({
        url: `/survey-templates/${another.surveyTemplateId}/version`,
        body: {},
      }),
      sendSurvey: () => ({
        url: '/surveys',
        body: {
          surveyTemplateVersionId: published.surveyTemplateVersionId,
          surveyContactMethods: [{ contactMethodType: 'email', emailAddress: emailAddress() }],
        },
      }),
      sendSurveys: () => ({
        url: '/surveys/bulk',
        body: {
          surveyTemplateVersionId: published.surveyTemplateVersionId,
          rows: [{ emailAddress: emailAddress() }],
        },
      }),
      listResponses: () => ({ url: `/responses?surveyTemplateId=${published.surveyTemplateId}&limit=1` }),
      getResponse: () => ({ url: `/responses/${state.surveyId}` }),
      listSends: () => ({ url: `/sends?surveyTemplateId=${published.surveyTemplateId}&limit=1` }),
      upsertContact: () => ({
        url: '/contacts',
        body: { emailAddress: emailAddress(), name: 'Walked Contact' },
      }),
      listContacts: () => ({ url: '/contacts?limit=1' }),
      getContact: () => ({ url: `/contacts/${state.contactId}` }),
      updateContact: () => ({ url: `/contacts/${state.contactId}`, body: { name: 'Renamed by the walk' } }),
    };
    const order = Object.keys(fixtures);
    const operations = operationsOf(document).sort(
      (a, b) => order.indexOf(a.operation.operationId) - order.indexOf(b.operation.operationId),
    );
    const check = validatorFor(document);
    const walked: string[] = [];
    for (const { method, path, operation } of operations) {
      const fixture = fixtures[operation.operationId];
      expect(fixture, `a fixture for ${operation.operationId}`).toBeDefined();
      const { url, body } = fixture!();
      const reply: LightMyRequestResponse = await t.app.inject({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${apiKey}` },
        ...(body ? { payload: body } : {}),
      });
      const where = `${method.toUpperCase()} ${path} → ${reply.statusCode} ${reply.body.slice(0, 300)}`;
      expect(reply.statusCode, where).toBeLessThan(300);
      const ref = replySchemaRef(operation, reply.statusCode);
      expect(ref, where).toBeDefined();
      expect(check(ref!, reply.json()), where).toEqual([]);
      if (operation.operationId === 'createSurveyTemplate')
        state.draftVersionId = reply.json().surveyTemplateVersionId;
      if (operation.operationId === 'sendSurvey') state.surveyId = reply.json().surveyId;
      if (operation.operationId === 'upsertContact') state.contactId = reply.json().contactId;
      walked.push(operation.operationId);
    }
    expect(walked.sort()).toEqual([...order].sort());
  });

  it('documents the error replies the routes give, in the one shape', async () => {
    const { client: admin } = await signUpClient(t.client());
    const created = await admin.post('/api/customers/api-keys', { apiKeyName: 'Errors', scope: 'read' });
    const apiKey = created.json().apiKey as string;
    const check = validatorFor(document);
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: { method: 'GET' | 'POST'; url: string; status: number; auth?: boolean; body?: object }[] = [
      { method: 'GET', url: `/survey-templates/${missing}`, status: 404 },
      { method: 'GET', url: `/responses/${missing}`, status: 404 },
      { method: 'GET', url: `/contacts/${missing}`, status: 404 },
      { method: 'GET', url: `/sends?surveyTemplateId=${missing}`, status: 404 },
      { method: 'GET', url: '/sends?cursor=forged', status: 400 },
      { method: 'POST', url: '/contacts', status: 403, body: { emailAddress: 'nope@example.com' } },
      { method: 'GET', url: '/survey-templates?limit=0', status: 400 },
      { method: 'GET', url: '/survey-templates', status: 401, auth: false },
      { method: 'POST', url: '/survey-templates', status: 403, body: { surveyTemplateName: 'Nope' } },
    ];
    for (const { method, url, status, auth, body } of cases) {
      const reply = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: auth === false ? {} : { authorization: `Bearer ${apiKey}` },
        ...(body ? { payload: body } : {}),
      });
      expect(reply.statusCode, url).toBe(status);
      const path = url.split('?')[0]!.replace(missing, '{id}');
      const operation = document.paths[path][method.toLowerCase()];
      const ref = replySchemaRef(operation, status);
      expect(ref, `${method} ${url} documents ${status}`).toBe('#/components/schemas/Error');
      expect(check(ref!, reply.json()), url).toEqual([]);
      expect(reply.headers['ratelimit-limit'], url).toBeDefined();
    }
  });
});
