import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountTwoFactor, twoFactorRecoveryCodes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient, type TestClient } from '../../test/test-client.js';
import { totpCodeAt } from './totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => t.setNow(undefined));

const step = 30_000;
/** A time in the middle of a TOTP step, so ±1 step is unambiguous. */
const startOfTest = () => new Date(Math.floor(Date.now() / step) * step + 10_000);

/** Signs up and turns two-factor sign-in on at `now`; answers the secret and recovery codes. */
async function enrolled(now: Date) {
  t.setNow(now);
  const account = await signUpClient(t.client());
  const begin = await account.client.post('/api/auth/two-factor/enrolment');
  expect(begin.statusCode).toBe(200);
  const { secret } = begin.json() as { secret: string; uri: string };
  const confirm = await account.client.post('/api/auth/two-factor/enrolment/confirm', {
    code: totpCodeAt(secret, now),
  });
  expect(confirm.statusCode).toBe(200);
  return { ...account, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

async function passwordStep(client: TestClient, emailAddress: string, password = 'Str0ng!pass') {
  return client.post('/api/auth/login', { emailAddress, password });
}

describe('enrolling in two-factor sign-in', () => {
  it('answers a secret and its otpauth URI, turns on with a right code and shows ten recovery codes once', async () => {
    const now = startOfTest();
    t.setNow(now);
    const { client, body } = await signUpClient(t.client());
    expect((await client.get('/api/auth/two-factor')).json()).toEqual({
      isEnabled: false,
      isRequired: false,
      recoveryCodesLeft: 0,
    });
    const begin = await client.post('/api/auth/two-factor/enrolment');
    const { secret, uri } = begin.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/Graphium:');
    expect(uri).toContain(encodeURIComponent(body.emailAddress));
    expect(uri).toContain(`secret=${secret}`);

    const wrong = await client.post('/api/auth/two-factor/enrolment/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.code).toBe('That code is not right. Please try again.');
    const badShape = await client.post('/api/auth/two-factor/enrolment/confirm', { code: '12ab' });
    expect(badShape.statusCode).toBe(400);
    expect((await client.get('/api/auth/two-factor')).json().isEnabled).toBe(false);

    const confirm = await client.post('/api/auth/two-factor/enrolment/confirm', {
      code: totpCodeAt(secret, now),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await client.get('/api/auth/two-factor')).json()).toEqual({
      isEnabled: true,
      isRequired: false,
      recoveryCodesLeft: 10,
    });
    expect((await client.get('/api/accounts/startup')).json().twoFactor).toEqual({
      isEnabled: true,
      isRequired: false,
    });
    expect((await client.post('/api/auth/two-factor/enrolment')).statusCode).toBe(409);
  });

  it('refuses to confirm before an enrolment was begun', async () => {
    const { client } = await signUpClient(t.client());
    const response = await client.post('/api/auth/two-factor/enrolment/confirm', { code: '123456' });
    expect(response.statusCode).toBe(400);
  });
});

describe('signing in with a second step', () => {
  it('opens no session on the right password alone, then one with the right code', async () => {
    const now = startOfTest();
    const { body, secret } = await enrolled(now);
    const later = new Date(now.getTime() + step);
    t.setNow(later);
    const client = t.client();
    const first = await passwordStep(client, body.emailAddress);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      nextStep: 'two-factor',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(client.cookies.has('graphium_session')).toBe(false);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(401);

    const wrong = await client.post('/api/auth/login/two-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('That code is not right. Please try again.');

    const right = await client.post('/api/auth/login/two-factor', { code: totpCodeAt(secret, later) });
    expect(right.statusCode).toBe(200);
    expect(right.json().twoFactor).toEqual({ isEnabled: true, isRequired: false });
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);

    // The challenge was single use.
    const again = await client.post('/api/auth/login/two-factor', { code: totpCodeAt(secret, later) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('accepts the code of the step before or after, and refuses a code already used (replay)', async () => {
    const now = startOfTest();
    const { body, secret } = await enrolled(now);
    const later = new Date(now.getTime() + 3 * step);
    t.setNow(later);
    const drifted = t.client();
    await passwordStep(drifted, body.emailAddress);
    const previousStepCode = totpCodeAt(secret, new Date(later.getTime() - step));
    expect((await drifted.post('/api/auth/login/two-factor', { code: previousStepCode })).statusCode).toBe(
      200,
    );

    const replay = t.client();
    await passwordStep(replay, body.emailAddress);
    expect((await replay.post('/api/auth/login/two-factor', { code: previousStepCode })).statusCode).toBe(
      401,
    );
    // Nor an older step than the one used.
    const older = totpCodeAt(secret, new Date(later.getTime() - 2 * step));
    expect((await replay.post('/api/auth/login/two-factor', { code: older })).statusCode).toBe(401);
    const next = totpCodeAt(secret, new Date(later.getTime() + step));
    expect((await replay.post('/api/auth/login/two-factor', { code: next })).statusCode).toBe(200);
  });

  it('lets each recovery code in once, typed in any case and without its dash', async () => {
    const now = startOfTest();
    const { client: owner, body, recoveryCodes } = await enrolled(now);
    const code = recoveryCodes[0]!;
    const first = t.client();
    await passwordStep(first, body.emailAddress);
    const typed = code.replace('-', '').toUpperCase();
    expect((await first.post('/api/auth/login/two-factor', { recoveryCode: typed })).statusCode).toBe(200);
    expect((await owner.get('/api/auth/two-factor')).json().recoveryCodesLeft).toBe(9);

    const second = t.client();
    await passwordStep(second, body.emailAddress);
    const reused = await second.post('/api/auth/login/two-factor', { recoveryCode: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('That recovery code is not right or has already been used.');
    const other = await second.post('/api/auth/login/two-factor', { recoveryCode: recoveryCodes[1]! });
    expect(other.statusCode).toBe(200);
  });

  it('renews the recovery codes with a current code: the old ones stop working, a wrong code changes nothing', async () => {
    const now = startOfTest();
    const { client: owner, body, secret, recoveryCodes } = await enrolled(now);
    const later = new Date(now.getTime() + step);
    t.setNow(later);
    const wrong = await owner.post('/api/auth/two-factor/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.code).toBeDefined();
    const renewed = await owner.post('/api/auth/two-factor/recovery-codes', {
      code: totpCodeAt(secret, later),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await owner.get('/api/auth/two-factor')).json().recoveryCodesLeft).toBe(10);

    const old = t.client();
    await passwordStep(old, body.emailAddress);
    expect(
      (await old.post('/api/auth/login/two-factor', { recoveryCode: recoveryCodes[0]! })).statusCode,
    ).toBe(401);
    const next = t.client();
    await passwordStep(next, body.emailAddress);
    expect((await next.post('/api/auth/login/two-factor', { recoveryCode: fresh[0]! })).statusCode).toBe(200);

    const without = await signUpClient(t.client());
    const off = await without.client.post('/api/auth/two-factor/recovery-codes', { code: '123456' });
    expect(off.statusCode).toBe(409);
  });

  it('joins the workspace of an invitation once the second step is passed', async () => {
    const now = startOfTest();
    const invitee = await enrolled(now);
    const inviter = await signUpClient(t.client());
    const invitation = await inviter.client.post('/api/workspaces/invite', {
      emailAddress: invitee.body.emailAddress,
      role: 'viewer',
    });
    const later = new Date(now.getTime() + step);
    t.setNow(later);
    const client = t.client();
    const first = await client.post('/api/auth/login', {
      emailAddress: invitee.body.emailAddress,
      password: invitee.body.password,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    expect(first.statusCode).toBe(202);
    const right = await client.post('/api/auth/login/two-factor', {
      code: totpCodeAt(invitee.secret, later),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().workspaces[0]).toMatchObject({
      workspaceId: inviter.startup.workspaces[0]!.workspaceId,
      role: 'viewer',
    });
  });

  it('refuses the second step after five minutes, and without a challenge', async () => {
    const now = startOfTest();
    const { body, secret } = await enrolled(now);
    const client = t.client();
    await passwordStep(client, body.emailAddress);
    const late = new Date(now.getTime() + 5 * 60_000 + 1000);
    t.setNow(late);
    const expired = await client.post('/api/auth/login/two-factor', { code: totpCodeAt(secret, late) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your sign-in has expired. Please sign in again.');
    const none = await t.client().post('/api/auth/login/two-factor', { code: '123456' });
    expect(none.statusCode).toBe(401);
    const neither = await client.post('/api/auth/login/two-factor', {});
    expect(neither.statusCode).toBe(400);
  });

  it('counts wrong codes like wrong passwords: the account is slowed with 429', async () => {
    const now = startOfTest();
    const { body } = await enrolled(now);
    const client = t.client();
    await passwordStep(client, body.emailAddress);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await client.post('/api/auth/login/two-factor', { code: '000000' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The password step of the same account waits as well.
    const password = await passwordStep(t.client(), body.emailAddress);
    expect(password.statusCode).toBe(429);
    expect(Number(password.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs a current code or the password; then the password alone signs in', async () => {
    const now = startOfTest();
    const { client, body, secret } = await enrolled(now);
    const later = new Date(now.getTime() + step);
    t.setNow(later);
    const wrong = await client.post('/api/auth/two-factor/disable', { password: 'Wr0ng!pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toBe('That password is not right.');
    expect((await client.post('/api/auth/two-factor/disable', {})).statusCode).toBe(400);
    expect((await client.get('/api/auth/two-factor')).json().isEnabled).toBe(true);

    const off = await client.post('/api/auth/two-factor/disable', { code: totpCodeAt(secret, later) });
    expect(off.statusCode).toBe(204);
    expect((await client.get('/api/auth/two-factor')).json()).toMatchObject({
      isEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await passwordStep(t.client(), body.emailAddress)).statusCode).toBe(200);
    expect((await client.post('/api/auth/two-factor/disable', { password: body.password })).statusCode).toBe(
      409,
    );
  });

  it('turns off with the password too', async () => {
    const { client, body } = await enrolled(startOfTest());
    expect((await client.post('/api/auth/two-factor/disable', { password: body.password })).statusCode).toBe(
      204,
    );
  });
});

describe('a workspace that requires two-factor sign-in', () => {
  async function workspaceWithMember() {
    const now = startOfTest();
    const admin = await enrolled(now);
    const email = newSignUp().emailAddress;
    const invitation = await admin.client.post('/api/workspaces/invite', {
      emailAddress: email,
      role: 'editor',
    });
    expect(invitation.statusCode).toBe(201);
    const member = t.client();
    const joined = await member.post(
      '/api/accounts/',
      newSignUp({ emailAddress: email, workspaceInvitationId: invitation.json().workspaceInvitationId }),
    );
    expect(joined.statusCode).toBe(201);
    return { admin, member, memberEmail: email, now };
  }

  it('is set by an admin who has it; editors may not, nor an admin without it', async () => {
    const { admin, member } = await workspaceWithMember();
    expect((await admin.client.get('/api/workspaces/security')).json()).toEqual({ requireTwoFactor: false });
    expect((await member.patch('/api/workspaces/security', { requireTwoFactor: true })).statusCode).toBe(403);
    expect(
      (await admin.client.patch('/api/workspaces/security', { requireTwoFactor: 'yes' })).statusCode,
    ).toBe(400);

    const other = await signUpClient(t.client());
    const refused = await other.client.patch('/api/workspaces/security', { requireTwoFactor: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Turn on two-factor sign-in for your own account first (Settings → Security).',
    );
    expect((await other.client.get('/api/workspaces/security')).json()).toEqual({ requireTwoFactor: false });
  });

  it('sends a member without it to enrol: until then the server refuses everything else', async () => {
    const { admin, member, memberEmail, now } = await workspaceWithMember();
    expect((await member.get('/api/workspaces/users')).statusCode).toBe(200);
    const set = await admin.client.patch('/api/workspaces/security', { requireTwoFactor: true });
    expect(set.statusCode).toBe(200);

    // The member's session, already open, is held at once.
    const blocked = await member.get('/api/workspaces/users');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(
      'Your workspace requires two-factor sign-in. Please set it up to continue.',
    );
    expect((await member.get('/api/lists/')).statusCode).toBe(403);

    // Signing in again answers a session that may only enrol.
    const signIn = t.client();
    const login = await passwordStep(signIn, memberEmail);
    expect(login.statusCode).toBe(200);
    expect(login.json().twoFactor).toEqual({ isEnabled: false, isRequired: true });
    expect((await signIn.get('/api/accounts/startup')).json().twoFactor).toEqual({
      isEnabled: false,
      isRequired: true,
    });
    expect((await signIn.get('/api/auth/sessions')).statusCode).toBe(403);

    const { secret } = (await signIn.post('/api/auth/two-factor/enrolment')).json();
    const later = new Date(now.getTime() + step);
    t.setNow(later);
    const confirm = await signIn.post('/api/auth/two-factor/enrolment/confirm', {
      code: totpCodeAt(secret, later),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await signIn.get('/api/workspaces/users')).statusCode).toBe(200);
    expect((await member.get('/api/workspaces/users')).statusCode).toBe(200);

    // Required, it cannot be turned off.
    const off = await signIn.post('/api/auth/two-factor/disable', { code: totpCodeAt(secret, later) });
    expect(off.statusCode).toBe(403);
    expect((await signIn.get('/api/auth/two-factor')).json()).toMatchObject({
      isEnabled: true,
      isRequired: true,
    });

    // Removed by another process (here: straight in the database), every cache hears of it.
    const accountId = login.json().account.accountId as string;
    expect((await signIn.get('/api/workspaces/users')).statusCode).toBe(200);
    await t.ctx.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
    await t.ctx.db.delete(accountTwoFactor).where(eq(accountTwoFactor.accountId, accountId));
    await expect.poll(async () => (await signIn.get('/api/workspaces/users')).statusCode).toBe(403);
  });
});
