import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConnections } from '../../db/schema/index.js';
import type { TestIdentityProvider } from '../../test/identity-provider.js';
import type { TestApp } from '../../test/test-app.js';
import { joinAs, lastRowOf } from '../audit/test-audit-fixtures.js';
import { businessAt, configureSso, newDomain, startSsoTestBed } from './sso-test-fixtures.js';

let t: TestApp;
let idp: TestIdentityProvider;
beforeAll(async () => {
  ({ t, idp } = await startSsoTestBed());
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

describe('Settings → Single sign-on', () => {
  it('answers an empty connection before one is set, with the redirect address to register', async () => {
    const { admin } = await businessAt(t, newDomain());
    const response = await admin.get('/api/customers/sso');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isConfigured: false,
      issuerUrl: '',
      clientId: '',
      hasClientSecret: false,
      allowedDomains: [],
      defaultRole: 'editor',
      isRequired: false,
      workspaceId: null,
      workspaceName: null,
      redirectUrl: 'http://graphium.test/api/auth/sso/callback',
    });
  });

  it('saves the connection, never answers the secret, and keeps it encrypted at rest', async () => {
    const domain = newDomain();
    const { admin, workspaceId, customerId } = await businessAt(t, domain);
    const saved = await configureSso(admin, idp, {
      allowedDomains: [` ${domain.toUpperCase()} `, `eu.${domain}`, domain],
      defaultRole: 'viewer',
      isRequired: true,
    });
    expect(saved).toMatchObject({
      isConfigured: true,
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      allowedDomains: [domain, `eu.${domain}`],
      defaultRole: 'viewer',
      isRequired: true,
      workspaceId,
    });
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
    expect(JSON.stringify((await admin.get('/api/customers/sso')).json())).not.toContain(idp.clientSecret);
    const [row] = await t.ctx.db
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.customerId, customerId));
    expect(row!.clientSecretEncrypted).not.toContain(idp.clientSecret);

    // Saving again without a secret keeps the one saved: sign-in still works with it.
    const again = await admin.put('/api/customers/sso', {
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      allowedDomains: [domain],
      defaultRole: 'editor',
      isRequired: false,
    });
    expect(again.statusCode, again.body).toBe(200);
    const [kept] = await t.ctx.db
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.customerId, customerId));
    expect(kept!.clientSecretEncrypted).toBe(row!.clientSecretEncrypted);
    expect((await t.client().post('/api/auth/sso/start', { emailAddress: `a@${domain}` })).statusCode).toBe(
      200,
    );

    const audit = await lastRowOf(t, workspaceId, 'sso.changed');
    expect(audit.details).toMatchObject({
      before: { defaultRole: 'viewer', isRequired: true },
      after: { defaultRole: 'editor', isRequired: false, allowedDomains: [domain] },
      isSecretChanged: false,
    });
    expect(JSON.stringify(audit.details)).not.toContain(idp.clientSecret);
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const domain = newDomain();
    const { admin, customerId } = await businessAt(t, domain);
    const put = (body: Record<string, unknown>) =>
      admin.put('/api/customers/sso', {
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        allowedDomains: [domain],
        defaultRole: 'editor',
        isRequired: false,
        ...body,
      });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ allowedDomains: [] }, 'allowedDomains', /at least one e-mail domain/],
      [{ allowedDomains: ['not a domain'] }, 'allowedDomains.0', /domains such as example.com/],
      [{ issuerUrl: 'login.example.com' }, 'issuerUrl', /valid issuer URL/],
      [{ issuerUrl: 'http://login.example.com' }, 'issuerUrl', /must start with https/],
      [{ issuerUrl: 'https://10.0.0.8' }, 'issuerUrl', /private or local network/],
      [{ clientId: '' }, 'clientId', /client ID/],
      [{ clientSecret: '' }, 'clientSecret', /client secret/],
      [{ defaultRole: 'owner' }, 'defaultRole', /Choose a role/],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[field], JSON.stringify(response.json())).toMatch(message);
    }
    expect(
      await t.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.customerId, customerId)),
    ).toEqual([]);
  });

  it("refuses a domain another business's identity provider already has", async () => {
    const domain = newDomain();
    const first = await businessAt(t, domain);
    await configureSso(first.admin, idp, { allowedDomains: [domain] });
    const second = await businessAt(t, newDomain());
    const response = await second.admin.put('/api/customers/sso', {
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      allowedDomains: [domain],
      defaultRole: 'editor',
      isRequired: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.allowedDomains).toBe(
      `${domain} already signs in with another business's identity provider.`,
    );
  });

  it('tests the connection by reading the discovery document', async () => {
    const { admin } = await businessAt(t, newDomain());
    expect((await admin.post('/api/customers/sso/test')).statusCode).toBe(404);
    await configureSso(admin, idp, { allowedDomains: [newDomain()] });
    const response = await admin.post('/api/customers/sso/test');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      issuer: idp.issuer,
      message: `Connected: ${idp.issuer} answered its discovery document.`,
    });
  });

  it('turns single sign-on off, recorded in the audit log', async () => {
    const domain = newDomain();
    const { admin, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    expect((await admin.delete('/api/customers/sso')).statusCode).toBe(200);
    expect((await admin.get('/api/customers/sso')).json().isConfigured).toBe(false);
    expect((await t.client().post('/api/auth/sso/start', { emailAddress: `a@${domain}` })).statusCode).toBe(
      400,
    );
    expect((await lastRowOf(t, workspaceId, 'sso.removed')).details).toMatchObject({
      before: { allowedDomains: [domain] },
    });
    expect((await admin.delete('/api/customers/sso')).statusCode).toBe(404);
  });

  it("lets only the business's admins read or change it", async () => {
    const { admin } = await businessAt(t, newDomain());
    await configureSso(admin, idp, { allowedDomains: [newDomain()] });
    const { client: editor } = await joinAs(t, admin, 'editor');
    expect((await editor.get('/api/customers/sso')).statusCode).toBe(403);
    expect((await editor.put('/api/customers/sso', {})).statusCode).toBe(403);
    // Another business's admin sees their own (empty) settings, never this one.
    const other = await businessAt(t, newDomain());
    expect((await other.admin.get('/api/customers/sso')).json().isConfigured).toBe(false);
  });
});
