import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every method and path the server routes, read from `printRoutes` (a tree whose levels are
 * indented by four characters, each node holding the rest of the path and its methods).
 */
function registeredRoutes(tree: string): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ]{3} |[├└]── )*)(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments[depth - 1] = match[2];
    const path = segments.join('');
    for (const method of (match[3] ?? '').split(',').map((value) => value.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
// The reference page and the documents themselves are not API routes; the /api/v1 twins have
// their own document (openapi-v1.test.ts).
const isDocumentationRoute = (route: string) =>
  / \/api\/(docs|openapi\.json|v1\/openapi\.json)\b/.test(route) || / \/api\/v1\//.test(route);

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json and at /api/docs/json', async () => {
    const document = await t.client().get('/api/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toBe('3.0.3');
    expect((await t.client().get('/api/docs/json')).json()).toEqual(document.json());
    const page = await t.client().get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('lists every registered route under /api', async () => {
    const document = (await t.client().get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/') && !isDocumentationRoute(route))
      .map((route) => toOpenApiPath(route));

    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/customers/api-keys', 'DELETE /api/customers/api-keys/{id}']),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect(documented.sort()).toEqual(routes.sort());
  });

  it('declares the session, anti-forgery and API key schemes and one error shape', async () => {
    const document = (await t.client().get('/api/openapi.json')).json();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
      'xsrfToken',
    ]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error.required).toEqual(['error', 'message']);
    expect(document.info.description).toContain('Authorization: Bearer gph_live_');
  });

  it('documents payloads, security and the error replies of each operation', async () => {
    const document = (await t.client().get('/api/openapi.json')).json();
    const generate = document.paths['/api/customers/api-keys'].post;
    expect(generate.requestBody.content['application/json'].schema.required).toEqual(['apiKeyName']);
    expect(Object.keys(generate.responses['201'].content['application/json'].schema.properties)).toContain(
      'apiKey',
    );
    expect(generate.security).toEqual([{ sessionCookie: [], xsrfToken: [] }]);
    for (const status of ['400', '401', '403', '409']) {
      expect(generate.responses[status]).toEqual({
        $ref: expect.stringMatching(/^#\/components\/responses\//),
      });
    }
    const revoke = document.paths['/api/customers/api-keys/{id}'].delete;
    expect(revoke.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    const list = document.paths['/api/customers/api-keys'].get;
    expect(list.security).toBeUndefined();
    expect(list.responses['409']).toBeUndefined();
    expect(document.security).toEqual([{ sessionCookie: [] }]);
    // The data routes take an API key as well; public routes need nothing.
    expect(document.paths['/api/lists/'].get.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(document.paths['/api/survey-templates/'].get.security).toEqual([
      { sessionCookie: [] },
      { bearerAuth: [] },
    ]);
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/workspaces/invitation/{id}'].get.security).toEqual([]);
    expect(document.paths['/api/auth/login'].post.responses['429']).toEqual({
      $ref: '#/components/responses/RateLimited',
    });
    for (const reference of Object.values(document.components.responses) as { content: object }[]) {
      expect(reference.content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      });
    }
  });
});
