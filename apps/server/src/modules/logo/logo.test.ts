import { createHash, randomBytes } from 'node:crypto';
import { logoMaxBytes, logoSizeErrorMessage, logoTypeErrorMessage } from '@graphium/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient, type TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Tiny valid images (1×1 pixel). Bytes after the end of a PNG are ignored by decoders, so a
// random tail gives each test its own content hash.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const uniquePng = () => Buffer.concat([png, randomBytes(16)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function multipart(content: Buffer, fileName: string, contentType: string, fieldName = 'logo') {
  const boundary = `----graphium${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(client: TestClient, content: Buffer, fileName = 'logo.png', contentType = 'image/png') {
  const { body, headers } = multipart(content, fileName, contentType);
  return client.post('/api/customers/logo/upload', body, { headers });
}

async function fetchPublic(url: string) {
  return t.app.inject({ method: 'GET', url });
}

/** An admin (the account that signed up) and a viewer who joined the same workspace by invitation. */
async function adminAndViewer() {
  const { client: admin } = await signUpClient(t.client());
  const viewerSignUp = newSignUp();
  const invitation = await admin.post('/api/workspaces/invite', {
    emailAddress: viewerSignUp.emailAddress,
    role: 'viewer',
  });
  expect(invitation.statusCode).toBe(201);
  const viewer = t.client();
  const joined = await viewer.post('/api/accounts/', {
    ...viewerSignUp,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  expect(joined.statusCode).toBe(201);
  expect(joined.json().workspaces[0].role).toBe('viewer');
  return { admin, viewer };
}

describe('uploading a logo', () => {
  it.each([
    ['PNG', png, 'image/png'],
    ['JPEG', jpeg, 'image/jpeg'],
    ['GIF', gif, 'image/gif'],
    ['WebP', webp, 'image/webp'],
  ])('accepts a %s by its bytes, whatever its name, and serves it back', async (_name, bytes, type) => {
    const { client } = await signUpClient(t.client());
    const response = await upload(client, bytes, 'upload.bin', 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    const logo = response.json();
    expect(logo).toMatchObject({ url: `/api/logos/${sha256(bytes)}`, contentType: type, size: bytes.length });

    expect((await client.get('/api/customers/logo')).json()).toEqual(logo);
    const served = await fetchPublic(logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('replaces the previous logo', async () => {
    const { client } = await signUpClient(t.client());
    const first = (await upload(client, uniquePng())).json();
    const second = (await upload(client, gif, 'new.gif', 'image/gif')).json();
    expect(second.url).not.toBe(first.url);
    expect((await client.get('/api/customers/logo')).json()).toMatchObject({
      url: second.url,
      contentType: 'image/gif',
    });
  });

  it('refuses a .png whose bytes are text, naming the allowed types', async () => {
    const { client } = await signUpClient(t.client());
    const response = await upload(client, Buffer.from('just some text, not a picture'), 'logo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message: logoTypeErrorMessage });
    expect(logoTypeErrorMessage).toMatch(/PNG.*JPG.*JPEG.*SVG.*GIF.*WEBP/);
    expect((await client.get('/api/customers/logo')).statusCode).toBe(404);
  });

  it('refuses a format outside the list even when it is an image (a BMP named .png)', async () => {
    const { client } = await signUpClient(t.client());
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    bmp.writeUInt32LE(62, 2);
    bmp.writeUInt32LE(40, 14);
    const response = await upload(client, bmp, 'logo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(logoTypeErrorMessage);
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with 413', async () => {
    const { client } = await signUpClient(t.client());
    const atLimit = Buffer.concat([png, Buffer.alloc(logoMaxBytes - png.length)]);
    const accepted = await upload(client, atLimit);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().size).toBe(logoMaxBytes);

    const tooLarge = await upload(client, Buffer.concat([atLimit, Buffer.alloc(1)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'TOO_LARGE', message: logoSizeErrorMessage });
    expect(logoSizeErrorMessage).toBe('The logo must be 2 MB or smaller.');
    expect((await client.get('/api/customers/logo')).json().url).toBe(accepted.json().url);
  });

  it('answers 400 without a file in the logo field', async () => {
    const { client } = await signUpClient(t.client());
    const json = await client.post('/api/customers/logo/upload', { logo: 'x' });
    expect(json.statusCode).toBe(400);
    const { body, headers } = multipart(png, 'logo.png', 'image/png', 'picture');
    const wrongField = await client.post('/api/customers/logo/upload', body, { headers });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Choose a logo file to upload.');
    const empty = await upload(client, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });
});

describe('SVG logos', () => {
  it('are stored sanitised: no script, event handlers, foreignObject or outside references', async () => {
    const { client } = await signUpClient(t.client());
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/a.css);</style>
  <a xlink:href="javascript:alert(3)"><rect width="10" height="10" fill="url(#shade)" onclick="alert(4)"/></a>
  <a href="javascript:alert(5)"><circle r="2"/></a>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <set attributeName="href" to="javascript:alert(6)"/>
  <linearGradient id="shade"><stop offset="0" stop-color="#4f46e5"/></linearGradient>
  <text x="1" y="8">Acme &amp; Co</text>
</svg>`;
    const response = await upload(client, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    expect(response.json().contentType).toBe('image/svg+xml');

    const served = await fetchPublic(response.json().url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    const stored = served.body;
    for (const unsafe of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'javascript:',
      'foreignObject',
      'evil.example',
      '@import',
      '<set',
    ]) {
      expect(stored).not.toContain(unsafe);
    }
    // What is safe stays: the drawing, its gradient reference and its text.
    expect(stored).toContain('fill="url(#shade)"');
    expect(stored).toContain('<linearGradient id="shade">');
    expect(stored).toContain('Acme &amp; Co');
    expect(stored).toContain('viewBox="0 0 10 10"');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('refuses an HTML page named .svg', async () => {
    const { client } = await signUpClient(t.client());
    const html = '<html><body><svg><script>alert(1)</script></svg></body></html>';
    const response = await upload(client, Buffer.from(html), 'logo.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(logoTypeErrorMessage);
  });
});

describe('the public content-hash URL', () => {
  it('is cacheable forever, typed, and cannot run script or be sniffed', async () => {
    const { client } = await signUpClient(t.client());
    const bytes = uniquePng();
    const { url } = (await upload(client, bytes)).json();
    expect(url).toBe(`/api/logos/${sha256(bytes)}`);

    const served = await fetchPublic(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(served.cookies.filter((cookie) => cookie.name !== 'XSRF-TOKEN')).toEqual([]);
  });

  it('answers 404 for an unknown or malformed hash', async () => {
    const unknown = await fetchPublic(`/api/logos/${'a'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Logo not found');
    expect((await fetchPublic('/api/logos/not-a-hash')).statusCode).toBe(404);
  });
});

describe('deleting the logo', () => {
  it('removes it, answers a message, and its URL stops working', async () => {
    const { client } = await signUpClient(t.client());
    const { url } = (await upload(client, uniquePng())).json();
    const response = await client.delete('/api/customers/logo');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logo deleted successfully.' });

    const after = await client.get('/api/customers/logo');
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('No logo uploaded yet');
    expect((await fetchPublic(url)).statusCode).toBe(404);
    expect((await client.delete('/api/customers/logo')).statusCode).toBe(404);
  });
});

describe('who may see and change the logo', () => {
  it('answers 401 when signed out', async () => {
    const client = t.client();
    expect((await client.get('/api/customers/logo')).statusCode).toBe(401);
    expect((await upload(client, png)).statusCode).toBe(401);
    expect((await client.delete('/api/customers/logo')).statusCode).toBe(401);
  });

  it('lets a viewer see the logo but only an admin change it', async () => {
    const { admin, viewer } = await adminAndViewer();
    const { url } = (await upload(admin, uniquePng())).json();
    expect((await viewer.get('/api/customers/logo')).json().url).toBe(url);

    const viewerUpload = await upload(viewer, gif, 'logo.gif', 'image/gif');
    expect(viewerUpload.statusCode).toBe(403);
    expect((await viewer.delete('/api/customers/logo')).statusCode).toBe(403);
    expect((await admin.get('/api/customers/logo')).json().url).toBe(url);
  });

  it("keeps each customer's logo to itself", async () => {
    const { client: first, startup: firstStartup } = await signUpClient(t.client());
    const { client: second } = await signUpClient(t.client());
    const { url } = (await upload(first, uniquePng())).json();

    // Naming the other workspace in the header only chooses among one's own workspaces.
    const asOther = { headers: { 'x-workspace-id': firstStartup.workspaces[0]!.workspaceId } };
    const seen = await second.get('/api/customers/logo', asOther);
    expect(seen.statusCode).toBe(404);
    expect((await second.delete('/api/customers/logo', asOther)).statusCode).toBe(404);

    const ownUpload = (await upload(second, gif, 'logo.gif', 'image/gif')).json();
    expect(ownUpload.url).not.toBe(url);
    expect((await first.get('/api/customers/logo')).json().url).toBe(url);
  });
});

describe('the logo elsewhere', () => {
  it('is in the invitation reply and at the top of the invitation e-mail', async () => {
    const { client: admin } = await signUpClient(t.client(), { businessName: 'Logo Works' });
    const bytes = uniquePng();
    const { url } = (await upload(admin, bytes)).json();
    const emailAddress = newSignUp().emailAddress;
    const invitation = (await admin.post('/api/workspaces/invite', { emailAddress })).json();

    const details = await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`);
    expect(details.json().workspaceSettings).toEqual({ workspaceLogoUrl: url });

    const [mail] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, emailAddress));
    expect(mail?.htmlBody).toContain(
      `<img src="http://graphium.test/api/logos/${sha256(bytes)}" alt="Logo Works logo"`,
    );
  });

  it('is absent from the invitation when the customer has none', async () => {
    const { client: admin } = await signUpClient(t.client());
    const emailAddress = newSignUp().emailAddress;
    const invitation = (await admin.post('/api/workspaces/invite', { emailAddress })).json();
    const details = await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`);
    expect(details.json().workspaceSettings).toEqual({ workspaceLogoUrl: null });
    const [mail] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, emailAddress));
    expect(mail?.htmlBody).not.toContain('<img');
  });
});
