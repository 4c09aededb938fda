import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, workspaceMembers } from '../../db/schema/index.js';
import { signInAtTestProvider, type TestIdentityProvider } from '../../test/identity-provider.js';
import type { TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { actionsOf, lastRowOf } from '../audit/test-audit-fixtures.js';
import { hashPassword } from './passwords.js';
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

/** Starts at the app, signs in at the provider as `login`, and comes back to the app's callback. */
async function signInThroughSso(browser: TestClient, workEmail: string, login = workEmail) {
  const start = await browser.post('/api/auth/sso/start', { emailAddress: workEmail });
  expect(start.statusCode, start.body).toBe(200);
  const callback = await signInAtTestProvider(start.json().redirectUrl, login);
  return browser.get(`${callback.pathname}${callback.search}`);
}

async function membershipOf(workspaceId: string, emailAddress: string) {
  const [row] = await t.ctx.db
    .select({ role: workspaceMembers.role, isActive: workspaceMembers.isActive })
    .from(workspaceMembers)
    .innerJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(accounts.emailAddress, emailAddress)));
  return row;
}

describe('signing in through the identity provider', () => {
  it('sends the browser to the issuer with PKCE (S256), state, nonce and the registered redirect', async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    const start = await t
      .client()
      .post('/api/auth/sso/start', { emailAddress: `Grace@${domain.toUpperCase()}` });
    expect(start.statusCode, start.body).toBe(200);
    const url = new URL(start.json().redirectUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://graphium.test/api/auth/sso/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('login_hint')).toBe(`grace@${domain}`);
  });

  it('refuses to start for a domain without single sign-on, with a message on the field', async () => {
    const response = await t.client().post('/api/auth/sso/start', { emailAddress: `x@${newDomain()}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.emailAddress).toMatch(/not set up for this email domain/);
    const bad = await t.client().post('/api/auth/sso/start', { emailAddress: 'not an address' });
    expect(bad.statusCode).toBe(400);
  });

  it('makes the account and the membership just in time, with the default role, and opens a session', async () => {
    const domain = newDomain();
    const { admin, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain], defaultRole: 'viewer' });
    const browser = t.client();
    const callback = await signInThroughSso(browser, `grace@${domain}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const startup = await browser.get('/api/accounts/startup');
    expect(startup.statusCode).toBe(200);
    expect(startup.json().account).toMatchObject({ emailAddress: `grace@${domain}`, firstName: 'Grace' });
    expect(startup.json().workspaces).toMatchObject([{ workspaceId, role: 'viewer' }]);
    expect(await membershipOf(workspaceId, `grace@${domain}`)).toEqual({ role: 'viewer', isActive: true });

    const joined = await lastRowOf(t, workspaceId, 'member.joined-through-sso');
    expect(joined).toMatchObject({ actorLabel: `grace@${domain}`, details: { role: 'viewer' } });
    const signedIn = await lastRowOf(t, workspaceId, 'account.signed-in');
    expect(signedIn).toMatchObject({ actorLabel: `grace@${domain}`, details: { method: 'single sign-on' } });

    // The next sign-in finds the member: no second membership, no second "joined".
    await signInThroughSso(t.client(), `grace@${domain}`);
    const actions = await actionsOf(t, workspaceId);
    expect(actions.filter((action) => action === 'member.joined-through-sso')).toHaveLength(1);
  });

  it("signs in the business's own accounts, and leaves an account of another business alone (decision 045)", async () => {
    const domain = newDomain();
    const { admin, adminEmail, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain], defaultRole: 'editor' });
    // Someone at the domain who signed up on their own, in a business of their own: nobody proves
    // owning a domain, so this business's provider does not get to sign them in.
    const other = await businessAt(t, newDomain());
    await t.ctx.db
      .update(accounts)
      .set({ emailAddress: `lin@${domain}` })
      .where(eq(accounts.emailAddress, other.adminEmail));
    expect((await signInThroughSso(t.client(), `lin@${domain}`)).headers.location).toBe(
      '/sign-in?sso-error=outside',
    );
    expect(await membershipOf(workspaceId, `lin@${domain}`)).toBeUndefined();
    // The business's own admin, an account of the domain from before, signs in through it.
    const browser = t.client();
    expect((await signInThroughSso(browser, adminEmail)).headers.location).toBe('/dashboard');
    const startup = (await browser.get('/api/accounts/startup')).json();
    expect(startup.account.emailAddress).toBe(adminEmail);
    expect(await membershipOf(workspaceId, adminEmail)).toEqual({ role: 'admin', isActive: true });
  });

  it('makes one account when the same newcomer signs in from two browsers at once', async () => {
    const domain = newDomain();
    const { admin, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    const browsers = [t.client(), t.client()];
    const callbacks = await Promise.all(
      browsers.map(async (browser) => {
        const start = await browser.post('/api/auth/sso/start', { emailAddress: `twin@${domain}` });
        return signInAtTestProvider(start.json().redirectUrl, `twin@${domain}`);
      }),
    );
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        browser.get(`${callbacks[index]!.pathname}${callbacks[index]!.search}`),
      ),
    );
    expect(answers.map((answer) => answer.headers.location)).toEqual(['/dashboard', '/dashboard']);
    const rows = await t.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.emailAddress, `twin@${domain}`));
    expect(rows).toHaveLength(1);
    expect(await membershipOf(workspaceId, `twin@${domain}`)).toEqual({ role: 'editor', isActive: true });
  });

  it('refuses an address outside the allowed domains and makes nothing', async () => {
    const domain = newDomain();
    const { admin, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    // The provider signs the person in with an address of another domain.
    const browser = t.client();
    const callback = await signInThroughSso(browser, `mallory@${domain}`, 'mallory@elsewhere.test');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/sign-in?sso-error=domain');
    expect((await browser.get('/api/accounts/startup')).statusCode).toBe(401);
    const [account] = await t.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.emailAddress, 'mallory@elsewhere.test'));
    expect(account).toBeUndefined();
    expect(await actionsOf(t, workspaceId)).not.toContain('member.joined-through-sso');
  });

  it('refuses an address the provider says it has not verified', async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    idp.claimsFor.set(`unverified@${domain}`, { email_verified: false });
    const callback = await signInThroughSso(t.client(), `unverified@${domain}`);
    expect(callback.headers.location).toBe('/sign-in?sso-error=unverified');
  });

  it('refuses a callback whose state does not match, and one without the browser that started it', async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    const browser = t.client();
    const start = await browser.post('/api/auth/sso/start', { emailAddress: `eve@${domain}` });
    const callback = await signInAtTestProvider(start.json().redirectUrl, `eve@${domain}`);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'another-state');
    const refused = await browser.get(`${forged.pathname}${forged.search}`);
    expect(refused.headers.location).toBe('/sign-in?sso-error=failed');
    // The flow cookie is used up: the genuine answer now finds no flow.
    const replayed = await browser.get(`${callback.pathname}${callback.search}`);
    expect(replayed.headers.location).toBe('/sign-in?sso-error=expired');
    // Another browser (an attacker's code in a victim's browser) has no flow either.
    const stranger = await t.client().get(`${callback.pathname}${callback.search}`);
    expect(stranger.headers.location).toBe('/sign-in?sso-error=expired');
  });

  it("refuses an ID token that has expired by the app's clock", async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    // The provider issues tokens for an hour of its time; the app's clock is two hours ahead.
    t.setNow(new Date(Date.now() + 2 * 60 * 60 * 1000));
    try {
      const callback = await signInThroughSso(t.client(), `late@${domain}`);
      expect(callback.headers.location).toBe('/sign-in?sso-error=failed');
      const [account] = await t.ctx.db
        .select()
        .from(accounts)
        .where(eq(accounts.emailAddress, `late@${domain}`));
      expect(account).toBeUndefined();
    } finally {
      t.setNow(undefined);
    }
  });

  it('refuses a flow older than ten minutes', async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    const browser = t.client();
    const start = await browser.post('/api/auth/sso/start', { emailAddress: `slow@${domain}` });
    const callback = await signInAtTestProvider(start.json().redirectUrl, `slow@${domain}`);
    t.setNow(new Date(Date.now() + 11 * 60 * 1000));
    try {
      const refused = await browser.get(`${callback.pathname}${callback.search}`);
      expect(refused.headers.location).toBe('/sign-in?sso-error=expired');
    } finally {
      t.setNow(undefined);
    }
  });

  it('keeps a deactivated member out instead of adding them again', async () => {
    const domain = newDomain();
    const { admin, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain] });
    await signInThroughSso(t.client(), `gone@${domain}`);
    const [account] = await t.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.emailAddress, `gone@${domain}`));
    const deactivate = await admin.patch(`/api/workspaces/users/${account!.id}`, { isActive: false });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    const callback = await signInThroughSso(t.client(), `gone@${domain}`);
    expect(callback.headers.location).toBe('/sign-in?sso-error=removed');
    expect(await membershipOf(workspaceId, `gone@${domain}`)).toEqual({ role: 'editor', isActive: false });
  });
});

describe('requiring single sign-on', () => {
  it('refuses password sign-in and sign-up for the domain, except for the business admins', async () => {
    const domain = newDomain();
    const { admin, adminEmail, password, workspaceId } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain], isRequired: true });
    // A member of the domain with a password (from before single sign-on was required).
    const invite = await admin.post('/api/workspaces/invite', {
      emailAddress: `ed@${domain}`,
      role: 'editor',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const signUp = await t.client().post('/api/accounts/', {
      firstName: 'Ed',
      lastName: 'Itor',
      emailAddress: `ed@${domain}`,
      password: 'Str0ng!pass',
      termsAgreement: true,
      workspaceInvitationId: invite.json().workspaceInvitationId,
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json().message).toMatch(/signs in with single sign-on/);
    // A business of one's own at the same domain is not this business's to refuse.
    const ownBusiness = await t.client().post('/api/accounts/', {
      firstName: 'Sol',
      lastName: 'Owner',
      emailAddress: `sol@${domain}`,
      password: 'Str0ng!pass',
      termsAgreement: true,
    });
    expect(ownBusiness.statusCode, ownBusiness.body).toBe(201);
    const solSignIn = await t
      .client()
      .post('/api/auth/login', { emailAddress: `sol@${domain}`, password: 'Str0ng!pass' });
    expect(solSignIn.statusCode, solSignIn.body).toBe(200);

    await signInThroughSso(t.client(), `ed@${domain}`);
    const [ed] = await t.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.emailAddress, `ed@${domain}`));
    // Say Ed set a password through a reset link.
    await t.ctx.db
      .update(accounts)
      .set({ passwordHash: await hashPassword('Str0ng!pass') })
      .where(eq(accounts.id, ed!.id));
    const refused = await t
      .client()
      .post('/api/auth/login', { emailAddress: `ed@${domain}`, password: 'Str0ng!pass' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your business signs in with single sign-on. Use "Sign In with SSO" with your work email address.',
    );
    // A wrong password still answers as a wrong password (nothing more is told).
    const wrong = await t
      .client()
      .post('/api/auth/login', { emailAddress: `ed@${domain}`, password: 'Wr0ng!pass' });
    expect(wrong.statusCode).toBe(401);

    // Break-glass: the business's admin still signs in with a password.
    const breakGlass = await t.client().post('/api/auth/login', { emailAddress: adminEmail, password });
    expect(breakGlass.statusCode, breakGlass.body).toBe(200);
    expect(breakGlass.json().workspaces[0].workspaceId).toBe(workspaceId);
  });

  it('leaves password sign-in alone when single sign-on is only offered', async () => {
    const domain = newDomain();
    const { admin } = await businessAt(t, domain);
    await configureSso(admin, idp, { allowedDomains: [domain], isRequired: false });
    const invite = await admin.post('/api/workspaces/invite', {
      emailAddress: `pat@${domain}`,
      role: 'viewer',
    });
    const signUp = await t.client().post('/api/accounts/', {
      firstName: 'Pat',
      lastName: 'Viewer',
      emailAddress: `pat@${domain}`,
      password: 'Str0ng!pass',
      termsAgreement: true,
      workspaceInvitationId: invite.json().workspaceInvitationId,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const login = await t
      .client()
      .post('/api/auth/login', { emailAddress: `pat@${domain}`, password: 'Str0ng!pass' });
    expect(login.statusCode).toBe(200);
  });
});
