import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../modules/surveys/test-fixtures.js';
import { nps } from '../modules/templates/test-templates-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpClient, type TestClient } from '../test/test-client.js';

// The /api/v1 twins (docs/decisions/037-public-api-v1.md): keys only, scopes per area, cursor
// paging at its boundaries, rate-limit headers and last use.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function keyFor(admin: TestClient, body: Record<string, unknown>): Promise<string> {
  const created = await admin.post('/api/customers/api-keys', { apiKeyName: 'Integration', ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().apiKey;
}

function call(
  apiKey: string | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function createTemplates(apiKey: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const created = await call(apiKey, 'POST', '/api/v1/survey-templates', {
      surveyTemplateName: `Template ${name}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().surveyTemplateId);
  }
  return ids;
}

async function readAllPages(apiKey: string, url: string, items: string, limit: number) {
  const pages: { ids: string[]; next: string | null }[] = [];
  let cursor: string | null | undefined;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const query = `${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await call(apiKey, 'GET', `${url}${query}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    pages.push({
      ids: body[items].map((item: Record<string, string>) => item.surveyTemplateId ?? item.surveyId),
      next: body.next,
    });
    cursor = body.next;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('who may call /api/v1', () => {
  it('takes API keys only: no key and a session both answer 401 with the error shape', async () => {
    const { client: admin } = await signUpClient(t.client());
    const anonymous = await call(undefined, 'GET', '/api/v1/survey-templates');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: 'UNAUTHENTICATED',
      message: expect.stringContaining('API key'),
    });
    const session = await admin.get('/api/v1/survey-templates');
    expect(session.statusCode).toBe(401);
  });

  it('holds each route to the scope of its area, read and write apart (403 with the error shape)', async () => {
    const { client: admin } = await signUpClient(t.client());
    const responsesOnly = await keyFor(admin, { scopes: ['responses:read'] });
    const templatesReader = await keyFor(admin, { scopes: ['templates:read'] });
    const templatesWriter = await keyFor(admin, { scopes: ['templates:write'] });

    const refused = await call(responsesOnly, 'GET', '/api/v1/survey-templates');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This API key may not read templates: it needs the templates:read scope.',
    });
    expect((await call(templatesReader, 'GET', '/api/v1/survey-templates')).statusCode).toBe(200);
    const write = await call(templatesReader, 'POST', '/api/v1/survey-templates', {
      surveyTemplateName: 'NPS',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(
      'This API key may not change templates: it needs the templates:write scope.',
    );
    // Writing an area includes reading it.
    expect((await call(templatesWriter, 'GET', '/api/v1/survey-templates')).statusCode).toBe(200);
    const created = await call(templatesWriter, 'POST', '/api/v1/survey-templates', {
      surveyTemplateName: 'NPS',
    });
    expect(created.statusCode).toBe(201);
    // Nothing was created by the refused call.
    const list = await call(templatesWriter, 'GET', '/api/v1/survey-templates');
    expect(
      list.json().surveyTemplates.map((item: { surveyTemplateName: string }) => item.surveyTemplateName),
    ).toEqual(['NPS']);
  });

  it('keeps narrow keys off the unversioned data routes, which need every area', async () => {
    const { client: admin } = await signUpClient(t.client());
    const narrow = await keyFor(admin, { scopes: ['templates:write'] });
    const reader = await keyFor(admin, { scope: 'read' });
    const unversioned = await call(narrow, 'GET', '/api/survey-templates/');
    expect(unversioned.statusCode).toBe(403);
    expect(unversioned.json().message).toBe(
      'This API key is limited to some areas: call the /api/v1 routes of those areas.',
    );
    expect((await call(reader, 'GET', '/api/survey-templates/')).statusCode).toBe(200);
    const readOnly = await call(reader, 'POST', '/api/survey-templates/', { surveyTemplateName: 'NPS' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('This API key is read-only.');
  });

  it("answers 404 for another customer's template and for an x-workspace-id not the key's", async () => {
    const { client: first } = await signUpClient(t.client());
    const { client: second, startup } = await signUpClient(t.client());
    const firstKey = await keyFor(first, { scope: 'read-write' });
    const ours = await call(firstKey, 'POST', '/api/v1/survey-templates', { surveyTemplateName: 'Ours' });
    const versionId = ours.json().surveyTemplateVersionId;
    expect((await call(firstKey, 'GET', `/api/v1/survey-templates/${versionId}`)).statusCode).toBe(200);
    const secondKey = await keyFor(second, { scope: 'read-write' });
    const other = await call(secondKey, 'GET', `/api/v1/survey-templates/${versionId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('NOT_FOUND');
    const wrongWorkspace = await call(firstKey, 'GET', '/api/v1/survey-templates', undefined, {
      'x-workspace-id': startup.workspaces[0]!.workspaceId,
    });
    expect(wrongWorkspace.statusCode).toBe(404);
  });

  it('shows the key as used in the API Keys list, written at most once a minute', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:read'] });
    const before = (await admin.get('/api/customers/api-keys')).json().apiKeys[0];
    expect(before.lastUsedAt).toBeNull();
    expect(before.scopes).toEqual(['templates:read']);
    // Near the real time, so that the admin's session stays valid.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    t.setNow(at(0));
    try {
      await call(apiKey, 'GET', '/api/v1/survey-templates');
      t.setNow(at(30));
      await call(apiKey, 'GET', '/api/v1/survey-templates');
      expect((await admin.get('/api/customers/api-keys')).json().apiKeys[0].lastUsedAt).toBe(
        at(0).toISOString(),
      );
      t.setNow(at(90));
      await call(apiKey, 'GET', '/api/v1/survey-templates');
      expect((await admin.get('/api/customers/api-keys')).json().apiKeys[0].lastUsedAt).toBe(
        at(90).toISOString(),
      );
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('cursor paging of the templates list (/api/v1/survey-templates)', () => {
  it('answers an empty list with next null', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:read'] });
    const page = await call(apiKey, 'GET', '/api/v1/survey-templates?limit=3');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ surveyTemplates: [], next: null });
  });

  it('answers exactly `limit` rows in one page with next null', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:write'] });
    const ids = await createTemplates(apiKey, ['A', 'B', 'C']);
    const pages = await readAllPages(apiKey, '/api/v1/survey-templates', 'surveyTemplates', 3);
    expect(pages).toEqual([{ ids: [...ids].reverse(), next: null }]);
  });

  it('answers limit + 1 rows in two pages, newest first, the second of one row', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:write'] });
    const ids = await createTemplates(apiKey, ['A', 'B', 'C', 'D']);
    const pages = await readAllPages(apiKey, '/api/v1/survey-templates', 'surveyTemplates', 3);
    expect(pages.map((page) => page.ids)).toEqual([[ids[3], ids[2], ids[1]], [ids[0]]]);
    expect(pages[0]!.next).toEqual(expect.any(String));
    expect(pages[1]!.next).toBeNull();
  });

  it('neither repeats nor skips a row when templates are created between two pages', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:write'] });
    const ids = await createTemplates(apiKey, ['A', 'B', 'C', 'D', 'E']);
    const first = (await call(apiKey, 'GET', '/api/v1/survey-templates?limit=2')).json();
    const [added] = await createTemplates(apiKey, ['F']);
    const seen = first.surveyTemplates.map((item: { surveyTemplateId: string }) => item.surveyTemplateId);
    let cursor: string | null = first.next;
    while (cursor) {
      const page = (
        await call(apiKey, 'GET', `/api/v1/survey-templates?limit=2&cursor=${encodeURIComponent(cursor)}`)
      ).json();
      seen.push(...page.surveyTemplates.map((item: { surveyTemplateId: string }) => item.surveyTemplateId));
      cursor = page.next;
    }
    expect(seen).toEqual([...ids].reverse());
    expect(seen).not.toContain(added);
  });

  it('refuses a forged cursor and a limit out of bounds with 400 and the field', async () => {
    const { client: admin } = await signUpClient(t.client());
    const apiKey = await keyFor(admin, { scopes: ['templates:read'] });
    for (const cursor of ['nonsense', Buffer.from('["x","y"]').toString('base64url')]) {
      const refused = await call(apiKey, 'GET', `/api/v1/survey-templates?cursor=${cursor}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'VALIDATION', details: { cursor: expect.any(String) } });
    }
    for (const limit of ['0', '101', 'many']) {
      const refused = await call(apiKey, 'GET', `/api/v1/survey-templates?limit=${limit}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toHaveProperty('limit');
    }
  });
});

describe('cursor paging of the responses list (/api/v1/responses)', () => {
  it('pages a template’s surveys newest first and keeps to the list’s filters', async () => {
    const { client: admin } = await signUpClient(t.client());
    const template = await publishTemplate(admin, { properties: [], questions: [nps()] });
    const apiKey = await keyFor(admin, { scopes: ['responses:read', 'sends:write'] });
    const sent: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const survey = await call(apiKey, 'POST', '/api/v1/surveys', {
        surveyTemplateVersionId: template.surveyTemplateVersionId,
        surveyContactMethods: [
          { contactMethodType: 'email', emailAddress: `paging.${index}.${Date.now()}@example.com` },
        ],
      });
      expect(survey.statusCode, survey.body).toBe(201);
      sent.push(survey.json().surveyId);
    }
    const url = `/api/v1/responses?surveyTemplateId=${template.surveyTemplateId}`;
    const pages = await readAllPages(apiKey, url, 'surveys', 2);
    expect(pages.flatMap((page) => page.ids)).toEqual([...sent].reverse());
    expect(pages.map((page) => page.ids.length)).toEqual([2, 1]);
    const complete = encodeURIComponent(
      JSON.stringify({
        logic: 'AND',
        filters: [{ field: 'surveyState', operator: 'is', value: 'COMPLETE' }],
      }),
    );
    const filtered = await call(apiKey, 'GET', `${url}&filters=${complete}`);
    expect(filtered.json()).toEqual({ surveys: [], next: null });
  });
});

describe('rate limits on /api/v1', () => {
  it('tells the budget in RateLimit-* headers and answers 429 with Retry-After past it', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT: '2' } });
    try {
      const { client: admin } = await signUpClient(limited.client());
      const created = await admin.post('/api/customers/api-keys', { apiKeyName: 'Busy', scope: 'read' });
      const headers = { authorization: `Bearer ${created.json().apiKey}` };
      const first = await limited.app.inject({ method: 'GET', url: '/api/v1/survey-templates', headers });
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-limit']).toBe('2');
      expect(first.headers['ratelimit-remaining']).toBe('1');
      expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
      const second = await limited.app.inject({ method: 'GET', url: '/api/v1/survey-templates', headers });
      expect(second.headers['ratelimit-remaining']).toBe('0');
      const third = await limited.app.inject({ method: 'GET', url: '/api/v1/survey-templates', headers });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ error: 'RATE_LIMITED', message: expect.stringContaining('Retry in') });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Counted per key: another key still has its budget, and the web app's routes are not counted.
      const other = await admin.post('/api/customers/api-keys', { apiKeyName: 'Quiet', scope: 'read' });
      const quiet = await limited.app.inject({
        method: 'GET',
        url: '/api/v1/survey-templates',
        headers: { authorization: `Bearer ${other.json().apiKey}` },
      });
      expect(quiet.statusCode).toBe(200);
      expect((await admin.get('/api/survey-templates/')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
