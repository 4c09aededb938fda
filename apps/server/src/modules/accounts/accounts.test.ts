import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up (POST /api/accounts/)', () => {
  it('creates account, customer and workspace, signs in and answers the startup payload', async () => {
    const client = t.client();
    const body = newSignUp({ emailAddress: `Mixed.Case.${Date.now()}@Example.com` });
    const response = await client.post('/api/accounts/', body);
    expect(response.statusCode).toBe(201);
    const startup = response.json();
    expect(startup.account).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessName: 'Analytical Engines',
      emailAddress: body.emailAddress.toLowerCase(),
    });
    expect(startup.workspaces).toHaveLength(1);
    expect(startup.workspaces[0]).toMatchObject({
      workspaceName: 'Analytical Engines',
      role: 'admin',
      isGraphiumWorkspace: false,
    });
    expect(response.body).not.toMatch(/password|hash/i);
    expect(client.cookies.get('x-workspace-id')).toBe(startup.workspaces[0].workspaceId);

    const again = await client.get('/api/accounts/startup');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(startup);
  });

  it('names the workspace after the person when no business name is given', async () => {
    const { startup } = await signUpClient(t.client(), { businessName: '', firstName: 'Grace' });
    expect(startup.account.businessName).toBeNull();
    expect(startup.workspaces[0]?.workspaceName).toBe("Grace's workspace");
  });

  it('rejects every broken rule with field messages and creates nothing', async () => {
    const body = newSignUp({
      firstName: 'A',
      lastName: 'L@st',
      businessName: 'AB',
      emailAddress: 'not-an-email',
      password: 'weakpass',
      termsAgreement: false,
    });
    const response = await t.client().post('/api/accounts/', body);
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.error).toBe('VALIDATION');
    expect(Object.keys(error.details).sort()).toEqual(
      ['businessName', 'emailAddress', 'firstName', 'lastName', 'password', 'termsAgreement'].sort(),
    );

    const fixed = {
      ...body,
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessName: 'Engines',
      password: 'Str0ng!pass',
      termsAgreement: true,
      emailAddress: `fixed.${Date.now()}@example.com`,
    };
    const login = await t
      .client()
      .post('/api/auth/login', { emailAddress: fixed.emailAddress, password: fixed.password });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['too short', 'Aa1!aaa'],
    ['too long', `Aa1!${'a'.repeat(29)}`],
    ['no uppercase', 'aa1!aaaa'],
    ['no lowercase', 'AA1!AAAA'],
    ['no digit', 'Aaa!aaaa'],
    ['no symbol', 'Aaa1aaaa'],
  ])('rejects a password with %s', async (_label, password) => {
    const response = await t.client().post('/api/accounts/', newSignUp({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toHaveProperty('password');
  });

  it('answers 409 for an e-mail address that already has an account, whatever its case', async () => {
    const { body } = await signUpClient(t.client());
    const response = await t
      .client()
      .post('/api/accounts/', newSignUp({ emailAddress: body.emailAddress.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CONFLICT',
      message: 'An account with this email address already exists. Please sign in instead.',
    });
  });
});

describe('GET /api/accounts/startup', () => {
  it('answers 401 when signed out', async () => {
    const response = await t.client().get('/api/accounts/startup');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHENTICATED');
  });

  it('answers 401 for a forged session cookie', async () => {
    const client = t.client();
    client.cookies.set('graphium_session', 'forged-token.forged-signature');
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(401);
  });
});

describe('PATCH /api/accounts/me (Complete Your Sign Up)', () => {
  it('updates the names and business name of the signed-in account', async () => {
    const { client } = await signUpClient(t.client());
    expect((await client.get('/api/accounts/startup')).json().account.firstName).not.toBe('Augusta');
    const response = await client.patch('/api/accounts/me', {
      firstName: 'Augusta',
      lastName: 'King',
      businessName: 'Difference Engines',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      businessName: 'Difference Engines',
    });
    // The startup reply kept for the session before the change is not answered again.
    expect((await client.get('/api/accounts/startup')).json().account).toMatchObject({
      firstName: 'Augusta',
      businessName: 'Difference Engines',
    });
  });

  it('rejects bad names and requires a session', async () => {
    const { client } = await signUpClient(t.client());
    expect((await client.patch('/api/accounts/me', { firstName: 'A', lastName: 'King' })).statusCode).toBe(
      400,
    );
    expect(
      (await t.client().patch('/api/accounts/me', { firstName: 'Ada', lastName: 'King' })).statusCode,
    ).toBe(401);
  });
});
