import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseProviderWorkspace,
  readProviderWorkspaceId,
} from './modules/workspaces/provider-workspace.service.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { signUpClient } from './test/test-client.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'graphium-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Graphium</title><div id="root"></div>');
  writeFileSync(
    join(webDist, 'survey.html'),
    '<!doctype html><html><head><title>Survey</title></head><body><div id="survey-root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(() => t.close());

describe('operations', () => {
  it('reports database and queue health', async () => {
    const response = await t.client().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ database: 'ok', queue: 'ok', rateLimits: 'per process' });
  });

  it('sets a signed anti-forgery cookie on the first response', async () => {
    const response = await t.client().get('/api/health');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('describes the API as OpenAPI', async () => {
    const response = await t.client().get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/accounts/startup', '/api/workspaces/invite']),
    );
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const client = t.client();
    await client.get('/api/health');
    const response = await client.post('/api/auth/login', '{"emailAddress":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No route for GET /api/nothing-here' });
  });
});

describe('the web app', () => {
  it('serves index.html for the app routes, uncached', async () => {
    for (const path of ['/', '/dashboard', '/invite/4b1e7a52-1d0c-4f0e-9a51-0d7c2b1f9e11']) {
      const response = await t.client().get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves survey.html, not the staff app, for the respondent page', async () => {
    const response = await t.client().get('/survey/4b1e7a52-1d0c-4f0e-9a51-0d7c2b1f9e11?utm=mail');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="survey-root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The page's first call starts with the HTML, not after the script.
    expect(response.body).toContain(
      '<link rel="preload" href="/api/surveys/4b1e7a52-1d0c-4f0e-9a51-0d7c2b1f9e11?markAsOpened=true" as="fetch" crossorigin="use-credentials" />',
    );
    // Anything but a survey id is not echoed into the page.
    const odd = await t.client().get('/survey/%22%3E%3Cscript%3E');
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('preload');
    expect(odd.body).not.toContain('<script>');
    // Only the respondent path: the staff app keeps its own pages under /survey-templates.
    const staff = await t.client().get('/survey-templates');
    expect(staff.body).toContain('<div id="root">');
  });

  it('serves the pre-compressed copy of an asset to a browser that accepts it', async () => {
    const source = `console.log("${'respondent '.repeat(200)}")`;
    writeFileSync(join(webDist, 'assets', 'survey-7a8b9c.js'), source);
    writeFileSync(join(webDist, 'assets', 'survey-7a8b9c.js.br'), brotliCompressSync(source));
    const compressed = await t.client().get('/assets/survey-7a8b9c.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(source);
    const plain = await t
      .client()
      .get('/assets/survey-7a8b9c.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('serves assets written after start, and answers 404 for a missing one', async () => {
    writeFileSync(join(webDist, 'assets', 'later-4d5e6f.js'), 'console.log("later")');
    const later = await t.client().get('/assets/later-4d5e6f.js');
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('console.log("later")');
    const missing = await t.client().get('/assets/missing-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('serves hashed assets with long caching and safe headers', async () => {
    const response = await t.client().get('/assets/app-1a2b3c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('security headers', () => {
  it("gives the API's JSON answers the API's headers and rendered pages the document's", async () => {
    const api = await t.client().get('/api/health');
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await t.client().get('/dashboard');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    // The API's documentation is a page too.
    const docs = await t.client().get('/api/docs/');
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('the provider workspace', () => {
  it('is chosen by workspace id or by a member e-mail address', async () => {
    const { body, startup } = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
    const workspaceId = startup.workspaces[0]!.workspaceId;
    expect((await chooseProviderWorkspace(t.ctx.db, body.emailAddress.toUpperCase())).id).toBe(workspaceId);
    expect(await readProviderWorkspaceId(t.ctx.db)).toBe(workspaceId);
    const other = await signUpClient(t.client());
    const otherId = other.startup.workspaces[0]!.workspaceId;
    expect((await chooseProviderWorkspace(t.ctx.db, otherId)).id).toBe(otherId);
    expect(await readProviderWorkspaceId(t.ctx.db)).toBe(otherId);
    await expect(chooseProviderWorkspace(t.ctx.db, 'nobody@example.com')).rejects.toThrow(
      /No workspace found/,
    );
  });

  it('flags only the configured workspace', async () => {
    const { client, startup } = await signUpClient(t.client());
    t.ctx.providerWorkspaceId = startup.workspaces[0]!.workspaceId;
    try {
      const flagged = (await client.get('/api/accounts/startup')).json();
      expect(flagged.workspaces[0].isGraphiumWorkspace).toBe(true);
      const other = await signUpClient(t.client());
      expect((await other.client.get('/api/accounts/startup')).json().workspaces[0].isGraphiumWorkspace).toBe(
        false,
      );
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
