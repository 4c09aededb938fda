import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { joinAs } from '../audit/test-audit-fixtures.js';
import { publishTemplate } from '../surveys/test-fixtures.js';
import {
  createLink,
  type LinkSetup,
  linkDefinition,
  linkSetup,
  newSlug,
} from './test-public-links-fixtures.js';

// A web build of two pages, so the link pages and their headers can be read.
const webDist = mkdtempSync(join(tmpdir(), 'graphium-links-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Staff</title>');
writeFileSync(join(webDist, 'survey.html'), '<!doctype html><title>Survey</title><div id="root"></div>');

let t: TestApp;
let setup: LinkSetup;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  setup = await linkSetup(t);
});
afterAll(() => t.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('managing public links', () => {
  it('creates a link with its settings, its URL and zero counts, and lists it', async () => {
    const slug = newSlug();
    const response = await setup.owner.post('/api/public-links', {
      surveyTemplateId: setup.templateId,
      name: 'Poster in store',
      slug: slug.toUpperCase(),
      closesAt: '2099-01-01T00:00:00+01:00',
      maxCompletedResponses: 100,
      onePerBrowser: true,
      hourlyCap: 50,
      frameOrigins: ['https://shop.example.com/', 'https://shop.example.com'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Poster in store',
      slug,
      url: `http://graphium.test/s/${slug}`,
      closesAt: '2098-12-31T23:00:00.000Z',
      maxCompletedResponses: 100,
      onePerBrowser: true,
      onePerContact: false,
      hourlyCap: 50,
      frameOrigins: ['https://shop.example.com'],
      logoInQrCode: false,
      counts: { visits: 0, started: 0, completed: 0 },
    });
    const list = await setup.owner.get(`/api/public-links?surveyTemplateId=${setup.templateId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().publicLinks.map((link: { slug: string }) => link.slug)).toContain(slug);
  });

  it('refuses bad settings with field messages and creates nothing', async () => {
    const response = await setup.owner.post('/api/public-links', {
      surveyTemplateId: setup.templateId,
      name: 'X',
      slug: '-bad slug-',
      hourlyCap: 0,
      frameOrigins: ['https://shop.example.com/path'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Link name must be at least 2 characters');
    expect(response.body).toContain('lowercase letters, digits and hyphens');
    expect(response.body).toContain('The hourly cap must be at least 1');
    expect(response.body).toContain('is not a site address');
  });

  it('keeps addresses unique and lets the owner change one (the old address stops working)', async () => {
    const first = await createLink(setup);
    const second = await createLink(setup);
    const taken = await setup.owner.post('/api/public-links', {
      surveyTemplateId: setup.templateId,
      name: 'Copy',
      slug: first.slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This link address is already taken. Choose another one.');
    const renameToTaken = await setup.owner.put(`/api/public-links/${second.publicLinkId}`, {
      name: 'Second',
      slug: first.slug,
    });
    expect(renameToTaken.statusCode).toBe(409);
    const newSlugValue = newSlug('renamed');
    const renamed = await setup.owner.put(`/api/public-links/${second.publicLinkId}`, {
      name: 'Second',
      slug: newSlugValue,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: newSlugValue, name: 'Second' });
    const old = await t.client().post(`/api/s/${second.slug}/surveys`, { parameters: {} });
    expect(old.statusCode).toBe(404);
    const fresh = await t.client().post(`/api/s/${newSlugValue}/surveys`, { parameters: {} });
    expect(fresh.statusCode).toBe(201);
  });

  it('needs a published template', async () => {
    const { definition } = linkDefinition();
    const draft = await publishTemplate(setup.owner, definition, { publish: false });
    const response = await setup.owner.post('/api/public-links', {
      surveyTemplateId: draft.surveyTemplateId,
      name: 'Draft link',
      slug: newSlug(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Publish the template before creating a public link.');
  });

  it('deletes a link that started nothing, and refuses one with surveys', async () => {
    const unused = await createLink(setup);
    expect((await setup.owner.delete(`/api/public-links/${unused.publicLinkId}`)).statusCode).toBe(200);
    expect((await setup.owner.get(`/api/public-links/${unused.publicLinkId}`)).statusCode).toBe(404);
    const used = await createLink(setup);
    await t.client().post(`/api/s/${used.slug}/surveys`, { parameters: {} });
    const refused = await setup.owner.delete(`/api/public-links/${used.publicLinkId}`);
    expect(refused.statusCode).toBe(409);
  });
});

describe('who may see and change links', () => {
  it("answers 404 for another workspace's link and template, and their link's QR code", async () => {
    const link = await createLink(setup);
    const { client: stranger } = await signUpClient(t.client());
    for (const path of [
      `/api/public-links/${link.publicLinkId}`,
      `/api/public-links/${link.publicLinkId}/qr.png`,
      `/api/public-links?surveyTemplateId=${setup.templateId}`,
      `/api/public-links/${randomUUID()}`,
      '/api/public-links/not-a-uuid',
    ]) {
      expect((await stranger.get(path)).statusCode, path).toBe(404);
    }
    const change = await stranger.put(`/api/public-links/${link.publicLinkId}`, {
      name: 'Mine',
      slug: newSlug(),
    });
    expect(change.statusCode).toBe(404);
    const create = await stranger.post('/api/public-links', {
      surveyTemplateId: setup.templateId,
      name: 'Mine',
      slug: newSlug(),
    });
    expect(create.statusCode).toBe(404);
  });

  it('lets viewers read links and their QR codes but not change them; editors change them', async () => {
    const link = await createLink(setup);
    const { client: viewer } = await joinAs(t, setup.owner, 'viewer');
    expect((await viewer.get(`/api/public-links/${link.publicLinkId}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/public-links/${link.publicLinkId}/qr.svg`)).statusCode).toBe(200);
    const refused = await viewer.put(`/api/public-links/${link.publicLinkId}`, {
      name: 'Viewer',
      slug: link.slug,
    });
    expect(refused.statusCode).toBe(403);
    expect((await viewer.delete(`/api/public-links/${link.publicLinkId}`)).statusCode).toBe(403);
    const { client: editor } = await joinAs(t, setup.owner, 'editor');
    const changed = await editor.put(`/api/public-links/${link.publicLinkId}`, {
      name: 'By editor',
      slug: link.slug,
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.client().get(`/api/public-links/${link.publicLinkId}`)).statusCode).toBe(401);
  });
});

describe('QR codes', () => {
  it('answers a PNG and an SVG of the link, as downloads', async () => {
    const link = await createLink(setup);
    const pngReply = await setup.owner.get(`/api/public-links/${link.publicLinkId}/qr.png`);
    expect(pngReply.statusCode).toBe(200);
    expect(pngReply.headers['content-type']).toBe('image/png');
    expect(pngReply.headers['content-disposition']).toBe(`attachment; filename="${link.slug}-qr-code.png"`);
    expect(pngReply.rawPayload.subarray(0, 8).equals(pngSignature)).toBe(true);
    expect(pngReply.rawPayload.readUInt32BE(16)).toBe(1024);
    const svgReply = await setup.owner.get(`/api/public-links/${link.publicLinkId}/qr.svg`);
    expect(svgReply.headers['content-type']).toContain('image/svg+xml');
    expect(svgReply.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svgReply.body).not.toContain('<image');
  });

  it('puts the workspace logo in the centre when the link asks for it', async () => {
    const link = await createLink(setup, { logoInQrCode: true });
    const boundary = `----links${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await setup.owner.post('/api/customers/logo/upload', body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const svg = await setup.owner.get(`/api/public-links/${link.publicLinkId}/qr.svg`);
    expect(svg.body).toContain(`href="data:image/png;base64,${png.toString('base64')}"`);
    const pngReply = await setup.owner.get(`/api/public-links/${link.publicLinkId}/qr.png`);
    expect(pngReply.rawPayload.subarray(0, 8).equals(pngSignature)).toBe(true);
  });
});

describe('framing', () => {
  it("lets the link's sites frame its page, and only its page", async () => {
    const link = await createLink(setup, {
      frameOrigins: ['https://shop.example.com', 'http://localhost:5123'],
    });
    const page = await t.client().get(`/s/${link.slug}?embed=inline`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://shop.example.com http://localhost:5123",
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
    const plain = await createLink(setup);
    const unframed = await t.client().get(`/s/${plain.slug}`);
    expect(unframed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const path of ['/dashboard', `/survey/${randomUUID()}`, '/api/health']) {
      const staff = await t.client().get(path);
      expect(staff.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });

  it('serves the embed script to other sites', async () => {
    const script = await t.client().get('/embed.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain("'graphium:height'");
  });
});
