import { createHash } from 'node:crypto';
import { apiKeyScopes } from '@graphium/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { workspaceActorFor } from '../../http/access.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { insertWorkspace } from '../workspaces/workspaces.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface CreatedKey {
  apiKeyId: string;
  apiKey: string;
  apiKeyName: string;
  apiKeyDescription: string | null;
  scopes: string[];
  createdAt: string;
}

async function generate(admin: TestClient, body: Record<string, unknown> = {}): Promise<CreatedKey> {
  const response = await admin.post('/api/customers/api-keys', { apiKeyName: 'CRM sync', ...body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listKeys(client: TestClient) {
  const response = await client.get('/api/customers/api-keys');
  expect(response.statusCode).toBe(200);
  return (response.json() as { apiKeys: Record<string, unknown>[] }).apiKeys;
}

/** A colleague with `role` in the admin's workspace, joined through an invitation. */
async function joinAs(admin: TestClient, role: 'viewer' | 'editor' | 'admin'): Promise<TestClient> {
  const emailAddress = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode).toBe(201);
  const { client } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return client;
}

/** The request parts `workspaceActorFor` reads, without a cookie. */
function fakeRequest(headers: Record<string, string>): FastifyRequest {
  return {
    headers,
    cookies: {},
    unsignCookie: () => ({ valid: false, renew: false, value: null }),
  } as unknown as FastifyRequest;
}

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });
const unknownKey = `gph_live_${'x'.repeat(43)}`;

describe('managing API keys (docs/product-rules.md#logo-and-api-keys)', () => {
  it('generates a key shown once, stored only as its SHA-256, and lists it without the key', async () => {
    const { client: admin, startup } = await signUpClient(t.client());
    const created = await generate(admin, { apiKeyDescription: 'Nightly export', scope: 'read-write' });
    expect(created).toEqual({
      apiKeyId: expect.any(String),
      apiKey: expect.stringMatching(/^gph_live_[A-Za-z0-9_-]{43}$/),
      apiKeyName: 'CRM sync',
      apiKeyDescription: 'Nightly export',
      scopes: [...apiKeyScopes],
      createdAt: expect.any(String),
    });

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKeyId));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.apiKey).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(created.apiKey.slice('gph_live_'.length));
    expect(row).toMatchObject({
      customerId: startup.workspaces[0]?.customerId,
      createdByAccountId: startup.account.accountId,
    });

    const listed = await listKeys(admin);
    expect(listed).toEqual([
      {
        apiKeyId: created.apiKeyId,
        apiKeyName: 'CRM sync',
        apiKeyDescription: 'Nightly export',
        scopes: [...apiKeyScopes],
        createdAt: created.createdAt,
        lastUsedAt: null,
        isActive: true,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
  });

  it('lists the newest key first, defaults to reading every area and drops an empty description', async () => {
    const { client: admin } = await signUpClient(t.client());
    const first = await generate(admin, { apiKeyName: 'First' });
    const second = await generate(admin, { apiKeyName: '  Second  ', apiKeyDescription: '   ' });
    const everyRead = ['responses:read', 'templates:read', 'contacts:read', 'sends:read'];
    expect(first.scopes).toEqual(everyRead);
    expect(second).toMatchObject({ apiKeyName: 'Second', apiKeyDescription: null, scopes: everyRead });
    expect((await listKeys(admin)).map((key) => key.apiKeyName)).toEqual(['Second', 'First']);
  });

  it('rejects a name that is missing, shorter than 2 or 100 characters long (docs/product-rules.md#logo-and-api-keys)', async () => {
    const { client: admin } = await signUpClient(t.client());
    const cases: [unknown, string][] = [
      [undefined, 'API key name is required'],
      ['', 'API key name is required'],
      ['a', 'API key name must be at least 2 characters'],
      ['a'.repeat(100), 'API key name must be less than 100 characters'],
    ];
    for (const [apiKeyName, message] of cases) {
      const response = await admin.post('/api/customers/api-keys', { apiKeyName });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual({ apiKeyName: message });
    }
    const scope = await admin.post('/api/customers/api-keys', { apiKeyName: 'ok', scope: 'everything' });
    expect(scope.statusCode).toBe(400);
    expect(Object.keys(scope.json().details)).toEqual(['scope']);
    const none = await admin.post('/api/customers/api-keys', { apiKeyName: 'ok', scopes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual({ scopes: 'Choose at least one area the key may read' });
    const unknownArea = await admin.post('/api/customers/api-keys', {
      apiKeyName: 'ok',
      scopes: ['lists:read'],
    });
    expect(unknownArea.statusCode).toBe(400);
    expect(Object.keys(unknownArea.json().details)).toEqual(['scopes.0']);
    expect((await generate(admin, { apiKeyName: 'a'.repeat(99) })).apiKeyName).toHaveLength(99);
    expect(await listKeys(admin)).toHaveLength(1);
  });

  it('lets any member list the keys but only admins generate and revoke them', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await generate(admin);
    for (const role of ['viewer', 'editor'] as const) {
      const colleague = await joinAs(admin, role);
      expect((await listKeys(colleague)).map((listed) => listed.apiKeyId)).toEqual([key.apiKeyId]);
      const create = await colleague.post('/api/customers/api-keys', { apiKeyName: 'Mine' });
      expect(create.statusCode).toBe(403);
      expect(create.json()).toEqual({ error: 'FORBIDDEN', message: 'Only a workspace admin can do this.' });
      expect((await colleague.delete(`/api/customers/api-keys/${key.apiKeyId}`)).statusCode).toBe(403);
    }
    const otherAdmin = await joinAs(admin, 'admin');
    expect((await otherAdmin.delete(`/api/customers/api-keys/${key.apiKeyId}`)).statusCode).toBe(200);
    expect(await listKeys(admin)).toEqual([expect.objectContaining({ isActive: false })]);
  });

  it('revokes a key; revoking it again answers 200 and changes nothing', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await generate(admin);
    const revoked = await admin.delete(`/api/customers/api-keys/${key.apiKeyId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ apiKeyId: key.apiKeyId, isActive: false });
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.apiKeyId));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    const again = await admin.delete(`/api/customers/api-keys/${key.apiKeyId}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(revoked.json());
    const [unchanged] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.apiKeyId));
    expect(unchanged?.revokedAt).toEqual(row?.revokedAt);
  });

  it("answers 404 for another customer's key and never lists it", async () => {
    const { client: admin } = await signUpClient(t.client());
    const { client: stranger } = await signUpClient(t.client());
    const key = await generate(admin);
    const response = await stranger.delete(`/api/customers/api-keys/${key.apiKeyId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'API key not found' });
    expect(await listKeys(stranger)).toEqual([]);
    expect(await listKeys(admin)).toEqual([expect.objectContaining({ isActive: true })]);
    const unknown = await admin.delete('/api/customers/api-keys/6f1c2b8e-3f0a-4d52-9b1e-2c3d4e5f6a7b');
    expect(unknown.statusCode).toBe(404);
    expect((await admin.delete('/api/customers/api-keys/not-a-uuid')).statusCode).toBe(400);
  });

  it('needs a signed-in person', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/customers/api-keys')).statusCode).toBe(401);
    expect((await anonymous.post('/api/customers/api-keys', { apiKeyName: 'x1' })).statusCode).toBe(401);
  });
});

describe('API keys on session-only routes', () => {
  it('answers 401 to a key on the management, account and users routes', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await generate(admin, { scope: 'read-write' });
    const caller = t.client();
    for (const url of ['/api/customers/api-keys', '/api/accounts/startup', '/api/workspaces/users']) {
      const response = await caller.get(url, { headers: bearer(key.apiKey) });
      expect(response.statusCode, url).toBe(401);
    }
    const create = await caller.post(
      '/api/customers/api-keys',
      { apiKeyName: 'Sneaky' },
      { headers: bearer(key.apiKey), withoutXsrf: true },
    );
    expect(create.statusCode).toBe(401);
    const revoke = await caller.delete(`/api/customers/api-keys/${key.apiKeyId}`, {
      headers: bearer(key.apiKey),
      withoutXsrf: true,
    });
    expect(revoke.statusCode).toBe(401);
    expect(await listKeys(admin)).toEqual([expect.objectContaining({ isActive: true })]);
  });

  it('never lets a Bearer header carry a session past the anti-forgery check', async () => {
    const { client: admin } = await signUpClient(t.client());
    // Not shaped like a key: no exemption, so the missing anti-forgery header is refused.
    const bogus = await admin.post(
      '/api/customers/api-keys',
      { apiKeyName: 'Forged' },
      { headers: { authorization: 'Bearer whatever' }, withoutXsrf: true },
    );
    expect(bogus.statusCode).toBe(403);
    expect(bogus.json().message).toBe(
      'Missing or invalid anti-forgery token. Reload the page and try again.',
    );
    // Shaped like a key: exempt, but then the session cookie is ignored.
    const unknown = await admin.post(
      '/api/customers/api-keys',
      { apiKeyName: 'Forged' },
      { headers: bearer(unknownKey), withoutXsrf: true },
    );
    expect(unknown.statusCode).toBe(401);
    // The same session, without a Bearer header, still needs the token.
    const plain = await admin.post(
      '/api/customers/api-keys',
      { apiKeyName: 'Forged' },
      { withoutXsrf: true },
    );
    expect(plain.statusCode).toBe(403);
    expect(await listKeys(admin)).toEqual([]);
  });
});

describe('who acts on a data route with an API key', () => {
  it("acts in the customer's oldest workspace, or the one x-workspace-id names among its own; another answers 404", async () => {
    const { client: admin, startup } = await signUpClient(t.client());
    const { startup: stranger } = await signUpClient(t.client());
    const [workspace] = startup.workspaces;
    const key = await generate(admin);
    const second = await insertWorkspace(t.ctx.db, { customerId: workspace!.customerId, name: 'Second' });

    const actor = await workspaceActorFor(t.ctx, fakeRequest(bearer(key.apiKey)), 'read');
    expect(actor).toEqual({
      workspaceId: workspace!.workspaceId,
      customerId: workspace!.customerId,
      apiKeyId: key.apiKeyId,
    });
    const chosen = await workspaceActorFor(
      t.ctx,
      fakeRequest({ ...bearer(key.apiKey), 'x-workspace-id': second }),
      'read',
    );
    expect(chosen.workspaceId).toBe(second);
    const foreign = await rejectionOf(
      workspaceActorFor(
        t.ctx,
        fakeRequest({ ...bearer(key.apiKey), 'x-workspace-id': stranger.workspaces[0]!.workspaceId }),
        'read',
      ),
    );
    expect(foreign.code).toBe('NOT_FOUND');
    expect(foreign.message).toBe(
      'Workspace not found: the x-workspace-id you sent names no workspace you may act in.',
    );
  });

  it('refuses changes with a read key and allows them with a read-write key', async () => {
    const { client: admin } = await signUpClient(t.client());
    const readKey = await generate(admin, { scope: 'read' });
    const writeKey = await generate(admin, { scope: 'read-write' });
    const refused = await rejectionOf(workspaceActorFor(t.ctx, fakeRequest(bearer(readKey.apiKey)), 'write'));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe('This API key is read-only.');
    const writer = await workspaceActorFor(t.ctx, fakeRequest(bearer(writeKey.apiKey)), 'write');
    expect(writer.apiKeyId).toBe(writeKey.apiKeyId);
  });

  it('answers 401 at once for an unknown, malformed or revoked key', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await generate(admin, { scope: 'read-write' });
    expect((await admin.delete(`/api/customers/api-keys/${key.apiKeyId}`)).statusCode).toBe(200);
    for (const authorization of [
      `Bearer ${key.apiKey}`,
      `Bearer ${unknownKey}`,
      'Bearer nonsense',
      'Bearer',
    ]) {
      const error = await rejectionOf(workspaceActorFor(t.ctx, fakeRequest({ authorization }), 'read'));
      expect(error.code, authorization).toBe('UNAUTHENTICATED');
      expect(error.message).toBe('Invalid or revoked API key.');
    }
  });

  it('falls back to the session without a Bearer header', async () => {
    const error = await rejectionOf(workspaceActorFor(t.ctx, fakeRequest({}), 'read'));
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.message).toBe('Please sign in to continue.');
  });

  it('records the last use at most once a minute', async () => {
    const { client: admin } = await signUpClient(t.client());
    const key = await generate(admin);
    const use = () => workspaceActorFor(t.ctx, fakeRequest(bearer(key.apiKey)), 'read');
    const lastUsedAt = async () => (await listKeys(admin))[0]?.lastUsedAt;
    const start = Date.now();
    try {
      t.setNow(new Date(start));
      await use();
      expect(await lastUsedAt()).toBe(new Date(start).toISOString());
      t.setNow(new Date(start + 30_000));
      await use();
      expect(await lastUsedAt()).toBe(new Date(start).toISOString());
      t.setNow(new Date(start + 61_000));
      await use();
      expect(await lastUsedAt()).toBe(new Date(start + 61_000).toISOString());
    } finally {
      t.setNow(undefined);
    }
  });
});

// End to end through the lists routes, which another module owns. Until `/api/lists/` exists,
// these tests are skipped (they say so in the report) and run as soon as it does.
describe('API keys on the data routes (GET/POST /api/lists/)', () => {
  const hasListRoutes = () => t.app.hasRoute({ method: 'GET', url: '/api/lists/' });
  const call = (method: 'GET' | 'POST', url: string, apiKey: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(apiKey), ...(payload ? { payload } : {}) });

  it('reads with a read key, writes only with a read-write key, and stops after revocation', async (context) => {
    if (!hasListRoutes()) context.skip('waiting for the lists routes (GET /api/lists/)');
    const { client: admin } = await signUpClient(t.client());
    const { client: stranger } = await signUpClient(t.client());
    const own = await admin.post('/api/lists/', { listName: 'Regions', listDescription: 'Sales regions' });
    expect(own.statusCode).toBe(201);
    const foreign = await stranger.post('/api/lists/', { listName: 'Secret', listDescription: 'Not yours' });
    expect(foreign.statusCode).toBe(201);
    const readKey = await generate(admin, { scope: 'read' });
    const writeKey = await generate(admin, { scope: 'read-write' });

    const listed = await call('GET', '/api/lists/', readKey.apiKey);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().lists.map((list: { listName: string }) => list.listName)).toEqual(['Regions']);

    const refused = await call('POST', '/api/lists/', readKey.apiKey, {
      listName: 'Nope',
      listDescription: '',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key is read-only.');

    const created = await call('POST', '/api/lists/', writeKey.apiKey, {
      listName: 'Products',
      listDescription: 'From the API',
    });
    expect(created.statusCode).toBe(201);
    expect((await admin.get(`/api/lists/${created.json().listId}`)).statusCode).toBe(200);

    const other = await call('GET', `/api/lists/${foreign.json().listId}`, writeKey.apiKey);
    expect(other.statusCode).toBe(404);

    expect((await admin.delete(`/api/customers/api-keys/${readKey.apiKeyId}`)).statusCode).toBe(200);
    const afterRevocation = await call('GET', '/api/lists/', readKey.apiKey);
    expect(afterRevocation.statusCode).toBe(401);
    expect(afterRevocation.json()).toEqual({
      error: 'UNAUTHENTICATED',
      message: 'Invalid or revoked API key.',
    });
    expect(
      (await listKeys(admin)).find((key) => key.apiKeyId === writeKey.apiKeyId)?.lastUsedAt,
    ).not.toBeNull();
  });
});
