import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => t.setNow(undefined));

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface SessionBody {
  sessionId: string;
  device: string | null;
  ipAddress: string | null;
  lastSeenAt: string;
  isCurrent: boolean;
}

/** The account signed in on a second device (another browser, another address). */
async function signedInElsewhere(emailAddress: string, password: string, address = '198.51.100.7') {
  const client = t.client({ remoteAddress: address });
  const response = await client.post(
    '/api/auth/login',
    { emailAddress, password },
    { headers: { 'user-agent': safariOnIphone } },
  );
  expect(response.statusCode).toBe(200);
  return client;
}

const sessionsOf = async (client: TestClient) =>
  ((await client.get('/api/auth/sessions')).json() as { sessions: SessionBody[] }).sessions;

describe('Settings → Security: sessions', () => {
  it("lists the account's sessions with device, address and last seen, this one marked", async () => {
    const owner = t.client({ remoteAddress: '203.0.113.5' });
    const { body } = await signUpClient(owner);
    // The sign-up's session had no User-Agent; sign in again as a browser would.
    const browser = t.client({ remoteAddress: '203.0.113.5' });
    await browser.post(
      '/api/auth/login',
      { emailAddress: body.emailAddress, password: body.password },
      { headers: { 'user-agent': chromeOnLinux } },
    );
    await signedInElsewhere(body.emailAddress, body.password);

    const listed = await sessionsOf(browser);
    expect(listed).toHaveLength(3);
    const current = listed.filter((session) => session.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on Linux', ipAddress: '203.0.113.5' });
    expect(listed.find((session) => session.ipAddress === '198.51.100.7')).toMatchObject({
      device: 'Safari on iOS',
      isCurrent: false,
    });
    expect(listed.every((session) => !Number.isNaN(Date.parse(session.lastSeenAt)))).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    // Another account sees only its own.
    const other = await signUpClient(t.client());
    expect(await sessionsOf(other.client)).toHaveLength(1);
  });

  it('revokes one session: it is refused at once; another account’s session answers 404', async () => {
    const { client, body } = await signUpClient(t.client());
    const phone = await signedInElsewhere(body.emailAddress, body.password);
    const phoneSession = (await sessionsOf(client)).find((session) => !session.isCurrent)!;

    const stranger = await signUpClient(t.client());
    expect((await stranger.client.delete(`/api/auth/sessions/${phoneSession.sessionId}`)).statusCode).toBe(
      404,
    );
    expect((await phone.get('/api/accounts/startup')).statusCode).toBe(200);
    expect((await client.delete('/api/auth/sessions/not-a-uuid')).statusCode).toBe(400);

    const revoked = await client.delete(`/api/auth/sessions/${phoneSession.sessionId}`);
    expect(revoked.statusCode).toBe(204);
    expect((await phone.get('/api/accounts/startup')).statusCode).toBe(401);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);
    expect(await sessionsOf(client)).toHaveLength(1);
    expect((await client.delete(`/api/auth/sessions/${phoneSession.sessionId}`)).statusCode).toBe(404);
  });

  it('revokes every other session and keeps this one', async () => {
    const { client, body } = await signUpClient(t.client());
    const phone = await signedInElsewhere(body.emailAddress, body.password);
    const laptop = await signedInElsewhere(body.emailAddress, body.password, '198.51.100.8');
    const response = await client.post('/api/auth/sessions/revoke-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect((await phone.get('/api/accounts/startup')).statusCode).toBe(401);
    expect((await laptop.get('/api/accounts/startup')).statusCode).toBe(401);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);
  });

  it('writes last seen at most every ten minutes, not on every request', async () => {
    const { client, startup } = await signUpClient(t.client());
    const lastSeen = async () =>
      (await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, startup.account.accountId)))[0]!
        .lastSeenAt;
    const before = await lastSeen();
    t.setNow(new Date(before.getTime() + 5 * 60_000));
    await client.get('/api/accounts/startup');
    expect(await lastSeen()).toEqual(before);
    const later = new Date(before.getTime() + 11 * 60_000);
    t.setNow(later);
    await client.get('/api/accounts/startup');
    expect(await lastSeen()).toEqual(later);
  });
});

describe('Settings → Security: changing the password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const { client, body } = await signUpClient(t.client());
    const phone = await signedInElsewhere(body.emailAddress, body.password);

    const wrong = await client.post('/api/auth/password', {
      currentPassword: 'Wr0ng!pass',
      newPassword: 'N3w!password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ currentPassword: 'Your current password is not right.' });
    const weak = await client.post('/api/auth/password', {
      currentPassword: body.password,
      newPassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.newPassword).toBeDefined();
    expect((await phone.get('/api/accounts/startup')).statusCode).toBe(200);

    const changed = await client.post('/api/auth/password', {
      currentPassword: body.password,
      newPassword: 'N3w!password',
    });
    expect(changed.statusCode).toBe(204);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);
    expect((await phone.get('/api/accounts/startup')).statusCode).toBe(401);
    const old = await t
      .client()
      .post('/api/auth/login', { emailAddress: body.emailAddress, password: body.password });
    expect(old.statusCode).toBe(401);
    const fresh = await t
      .client()
      .post('/api/auth/login', { emailAddress: body.emailAddress, password: 'N3w!password' });
    expect(fresh.statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const { client } = await signUpClient(t.client());
    t.setNow(new Date());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await client.post('/api/auth/password', {
        currentPassword: 'Wr0ng!pass',
        newPassword: 'N3w!password',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('needs a signed-in account', async () => {
    const response = await t.client().post('/api/auth/password', {
      currentPassword: 'x',
      newPassword: 'N3w!password',
    });
    expect(response.statusCode).toBe(401);
    expect((await t.client().get('/api/auth/sessions')).statusCode).toBe(401);
  });
});
