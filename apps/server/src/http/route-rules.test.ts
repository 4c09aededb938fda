import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpClient, type TestClient } from '../test/test-client.js';
import {
  answerFor,
  areaAccessOf,
  type RegisteredRoute,
  type RouteCaller,
  renderRolesDocument,
  routeCallers,
} from './route-rules.js';

let t: TestApp;
const callers = new Map<RouteCaller, { client: TestClient; headers: Record<string, string> }>();

async function joinAs(admin: TestClient, role: 'viewer' | 'editor'): Promise<TestClient> {
  const emailAddress = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  if (invitation.statusCode !== 201) throw new Error(`invitation failed: ${invitation.body}`);
  const { client } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return client;
}

async function generateKey(admin: TestClient, scope: 'read' | 'read-write'): Promise<string> {
  const response = await admin.post('/api/customers/api-keys', { apiKeyName: `Walk ${scope}`, scope });
  if (response.statusCode !== 201) throw new Error(`key failed: ${response.body}`);
  return response.json().apiKey;
}

beforeAll(async () => {
  t = await createTestApp();
  const { client: admin, startup } = await signUpClient(t.client());
  // Base templates change from the provider workspace only: the walk's workspace is the provider's,
  // so what it meets is the role rule and nothing else.
  (t.ctx as { providerWorkspaceId?: string }).providerWorkspaceId = startup.workspaces[0]?.workspaceId;
  const none = t.client();
  await none.get('/api/health');
  callers.set('no credentials', { client: none, headers: {} });
  callers.set('viewer', { client: await joinAs(admin, 'viewer'), headers: {} });
  callers.set('editor', { client: await joinAs(admin, 'editor'), headers: {} });
  callers.set('admin', { client: admin, headers: {} });
  for (const scope of ['read', 'read-write'] as const) {
    const key = await generateKey(admin, scope);
    callers.set(`${scope} key`, { client: t.client(), headers: { authorization: `Bearer ${key}` } });
  }
});
afterAll(() => t.close());

const placeholderId = '0b6c5c1e-5b7e-4c55-9d2f-6f0e3a4b8c01';
const urlOf = (route: RegisteredRoute) => route.url.replace(/:\w+/g, placeholderId).replace(/\*$/, 'x');
// Signing out (or ending sessions) ends the caller's session: those go last.
const endsSession = (route: RegisteredRoute) =>
  route.url.endsWith('/logout') || (route.method !== 'GET' && /\/sessions(\/|$)/.test(route.url));

describe('every route × every caller', () => {
  it('walks every operation the server documents', async () => {
    // A route registered without a rule refuses to start (access.test.ts); this holds the walk
    // to the router: every operation of the OpenAPI documents (the web app's and /api/v1's) is a
    // row of the table.
    const document = (await t.client().get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const v1 = (await t.client().get('/api/v1/openapi.json')).json() as typeof document;
    const documented = [
      ...Object.entries(document.paths),
      ...Object.entries(v1.paths).map(([path, item]) => [`/api/v1${path}`, item] as const),
    ].flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const walked = t.app.registeredRoutes.map(
      (route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(walked.sort()).toEqual(documented.sort());
  });

  it('answers each caller as the table says', async () => {
    const routes = [...t.app.registeredRoutes].sort(
      (a, b) => Number(endsSession(a)) - Number(endsSession(b)),
    );
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const caller of routeCallers) {
        const { client, headers } = callers.get(caller)!;
        const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const response = await client.request(method, urlOf(route), body, { headers });
        const expected = answerFor(route.access, caller);
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const isAsTable = expected === 'allowed' ? !refused : response.statusCode === expected;
        if (!isAsTable) {
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the rules of whole areas', () => {
  it("holds every route of cases, contacts, the audit log and webhooks to its area's rule", () => {
    for (const route of t.app.registeredRoutes) {
      const expected = areaAccessOf(route.method, route.url);
      if (expected) expect(route.access, `${route.method} ${route.url}`).toEqual(expected);
    }
  });

  it('lets viewers read cases, editors work them, and only admins see the audit log and webhooks', () => {
    const answers = (method: string, url: string) =>
      routeCallers.map((caller) => answerFor(areaAccessOf(method, url)!, caller));
    expect(answers('GET', '/api/cases')).toEqual([
      401,
      'allowed',
      'allowed',
      'allowed',
      'allowed',
      'allowed',
    ]);
    expect(answers('PATCH', '/api/cases/:id')).toEqual([401, 403, 'allowed', 'allowed', 403, 'allowed']);
    expect(answers('GET', '/api/audit-log')).toEqual([401, 403, 403, 'allowed', 401, 401]);
    expect(answers('POST', '/api/webhooks')).toEqual([401, 403, 403, 'allowed', 401, 401]);
    expect(areaAccessOf('GET', '/api/survey-alerts/')).toBeUndefined();
  });
});

describe('the rules in docs/ and the OpenAPI document', () => {
  it('docs/roles.md is generated from the table (npm run docs:roles)', async () => {
    await expect(renderRolesDocument(t.app.registeredRoutes)).toMatchFileSnapshot(
      '../../../../docs/roles.md',
    );
  });

  it('names per operation the role it needs', async () => {
    const document = (await t.client().get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-required-role'?: string; description?: string }>>;
    };
    const operation = (method: string, path: string) => document.paths[path]?.[method];
    expect(operation('post', '/api/customers/api-keys')?.['x-required-role']).toBe('admin');
    expect(operation('post', '/api/lists/')?.['x-required-role']).toBe('editor');
    expect(operation('get', '/api/lists/')?.['x-required-role']).toBe('viewer');
    expect(operation('get', '/api/health')?.['x-required-role']).toBe('none');
    expect(operation('post', '/api/lists/')?.description).toContain(
      '**Who may call:** A session of a workspace editor or admin, or an API key that may write every area.',
    );
    const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    // The /api/v1 twins are in their own document, which names each one's scope instead.
    for (const route of t.app.registeredRoutes.filter((route) => !route.url.startsWith('/api/v1/'))) {
      const documented = operation(route.method.toLowerCase(), toOpenApiPath(route.url));
      expect(documented?.['x-required-role'], `${route.method} ${route.url}`).toBeDefined();
    }
  });
});
