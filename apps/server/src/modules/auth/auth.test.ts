import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorkers } from '../../bootstrap.js';
import { outboxMessages, sessions } from '../../db/schema/index.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { purgeExpiredSessions } from './auth.service.js';

let t: TestApp;
let mailbox: TestMailbox;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url }, withWorker: true });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and answers the startup payload', async () => {
    const { body, startup } = await signUpClient(t.client());
    const client = t.client();
    const response = await client.post('/api/auth/login', {
      emailAddress: ` ${body.emailAddress.toUpperCase()} `,
      password: body.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(startup);
    expect(client.cookies.get('x-account-id')).toBe(startup.account.accountId);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const { body } = await signUpClient(t.client());
    const wrong = await t
      .client()
      .post('/api/auth/login', { emailAddress: body.emailAddress, password: 'Wr0ng!pass' });
    const unknown = await t
      .client()
      .post('/api/auth/login', { emailAddress: 'nobody@example.com', password: 'Wr0ng!pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Incorrect email address or password.');
  });

  it('ends the session on logout, server side', async () => {
    const { client } = await signUpClient(t.client());
    const sessionCookie = client.cookies.get('graphium_session')!;
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(204);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(401);
    // The old cookie, replayed, no longer opens anything.
    const replay = t.client();
    replay.cookies.set('graphium_session', sessionCookie);
    expect((await replay.get('/api/accounts/startup')).statusCode).toBe(401);
  });

  it('refuses a mutation without the anti-forgery header (403) and changes nothing', async () => {
    const { client, body } = await signUpClient(t.client());
    const response = await client.patch(
      '/api/accounts/me',
      { firstName: 'Mallory', lastName: 'Forger' },
      { withoutXsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('FORBIDDEN');
    const startup = (await client.get('/api/accounts/startup')).json();
    expect(startup.account.firstName).toBe(body.firstName);
  });

  it('refuses an anti-forgery token that the server did not sign', async () => {
    const client = t.client();
    client.cookies.set('XSRF-TOKEN', 'planted.token');
    const response = await client.post(
      '/api/auth/login',
      { emailAddress: 'a@example.com', password: 'x' },
      {
        headers: { 'X-XSRF-TOKEN': 'planted.token' },
        withoutXsrf: true,
      },
    );
    expect(response.statusCode).toBe(403);
  });

  it('never logs or answers a password, hash or token', async () => {
    const { client } = await signUpClient(t.client());
    const startup = await client.get('/api/accounts/startup');
    expect(startup.body).not.toMatch(/password|hash|token/i);
  });
});

describe('expired sessions', () => {
  it('are deleted by the purge job, and live ones are kept', async () => {
    const { startup } = await signUpClient(t.client());
    const accountId = startup.account.accountId;
    const sessionsOf = () => t.ctx.db.select().from(sessions).where(eq(sessions.accountId, accountId));
    const [session] = await sessionsOf();
    expect(session).toBeDefined();
    try {
      t.setNow(new Date(session!.expiresAt.getTime() - 1000));
      await purgeExpiredSessions(t.ctx);
      expect(await sessionsOf()).toHaveLength(1);
      t.setNow(new Date(session!.expiresAt.getTime() + 1000));
      expect(await purgeExpiredSessions(t.ctx)).toBeGreaterThanOrEqual(1);
      expect(await sessionsOf()).toHaveLength(0);
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('rate limits', () => {
  it('gives sign-up and password reset their own per-address budget, which sign-in does not use', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const client = limited.client();
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await client.post('/api/auth/login', {
          emailAddress: `x${attempt}@example.com`,
          password: 'nope',
        });
        expect(response.statusCode).toBe(401);
      }
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await client.post('/api/auth/password-reset', { emailAddress: 'x@example.com' });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error).toBe('RATE_LIMITED');
          expect(response.json().message).toMatch(/^Too many attempts\. Please try again in /);
        }
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

function resetTokenFrom(text: string): string {
  const match = /\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe.runIf(process.env.TEST_REDIS_URL)('rate limits across instances', () => {
  it('counts sign-in failures on every instance sharing one Redis', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      // A fresh secret is a fresh counter namespace, so earlier runs do not count.
      SESSION_SECRET: `redis-test-${Date.now()}-${Math.random().toString(36).slice(2)}-padding-padding`,
    };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env });
    const now = new Date();
    first.setNow(now);
    second.setNow(now);
    try {
      const attempt = (app: TestApp) =>
        app.client().post('/api/auth/login', { emailAddress: 'x@example.com', password: 'nope' });
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        statuses.push((await attempt(first)).statusCode, (await attempt(second)).statusCode);
      }
      // Five failures of one account are free, whichever instance heard them; the sixth waits.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('rate limits while Redis is away', () => {
  it('keep answering (never 500; sign-in failures counted by the process) and readiness says degraded, not down', async () => {
    // Nothing listens on port 9: every Redis command fails at once.
    const away = await createTestApp({ env: { AUTH_RATE_LIMIT: '1', REDIS_URL: 'redis://127.0.0.1:9' } });
    away.setNow(new Date());
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await away
          .client()
          .post('/api/auth/password-reset', { emailAddress: 'x@example.com' });
        expect(response.statusCode).toBe(202);
      }
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await away
          .client()
          .post('/api/auth/login', { emailAddress: 'x@example.com', password: 'nope' });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const health = await away.client().get('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'ok', rateLimits: 'not enforced' });
    } finally {
      await away.close();
    }
  });
});

describe('forgot password', () => {
  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const { client, body } = await signUpClient(t.client());
    const request = await t.client().post('/api/auth/password-reset', { emailAddress: body.emailAddress });
    expect(request.statusCode).toBe(202);

    const mail = await mailbox.waitFor(body.emailAddress);
    expect(mail.subject).toBe('Reset your Graphium password');
    expect(mail.html).toContain('http://graphium.test/reset-password?token=');
    const token = resetTokenFrom(mail.text ?? '');

    const weak = await t.client().post('/api/auth/password-reset/confirm', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);

    const confirm = await t
      .client()
      .post('/api/auth/password-reset/confirm', { token, password: 'N3w!password' });
    expect(confirm.statusCode).toBe(200);
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(401);

    const old = await t
      .client()
      .post('/api/auth/login', { emailAddress: body.emailAddress, password: body.password });
    expect(old.statusCode).toBe(401);
    const fresh = await t
      .client()
      .post('/api/auth/login', { emailAddress: body.emailAddress, password: 'N3w!password' });
    expect(fresh.statusCode).toBe(200);

    const reuse = await t
      .client()
      .post('/api/auth/password-reset/confirm', { token, password: 'An0ther!pass' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(
      'This password reset link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = mailbox.messages.length;
    const response = await t.client().post('/api/auth/password-reset', { emailAddress: 'ghost@example.com' });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(
      'If an account exists for that email address, we have sent a link to reset its password.',
    );
    const rows = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ghost@example.com'));
    expect(rows).toHaveLength(0);
    expect(mailbox.messages.length).toBe(before);
  });

  it('refuses a link older than one hour', async () => {
    const { body } = await signUpClient(t.client());
    await t.client().post('/api/auth/password-reset', { emailAddress: body.emailAddress });
    const token = resetTokenFrom((await mailbox.waitFor(body.emailAddress)).text ?? '');
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      const response = await t
        .client()
        .post('/api/auth/password-reset/confirm', { token, password: 'N3w!password' });
      expect(response.statusCode).toBe(400);
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('secrets in logs', () => {
  it('keeps passwords and cookies out of every log line; without SMTP the reset link is logged only with its message', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logLines: lines, env: { LOG_LEVEL: 'debug' } });
    try {
      const { client, body } = await signUpClient(logged.client());
      await client.get('/api/accounts/startup');
      await logged
        .client()
        .post('/api/auth/login', { emailAddress: body.emailAddress, password: body.password });
      await logged.client().post('/api/auth/password-reset', { emailAddress: body.emailAddress });
      const [message] = await logged.ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, body.emailAddress));
      const token = /token=([\w-]+)/.exec(message!.textBody)![1]!;
      await startJobWorkers(logged.ctx);
      await expect
        .poll(() => lines.some((line) => line.includes('e-mail kept in the outbox_messages table')), {
          timeout: 10_000,
        })
        .toBe(true);

      const log = lines.join('\n');
      // Without SMTP the link is in the log, as the README says: the only way to pass it on while
      // the embedded database is open. Passwords and session cookies never are.
      const kept = lines.filter((line) => line.includes('e-mail kept in the outbox_messages table'));
      expect(kept.some((line) => line.includes(`/reset-password?token=${token}`))).toBe(true);
      expect(lines.filter((line) => line.includes(token))).toEqual(
        kept.filter((line) => line.includes(token)),
      );
      expect(log).not.toContain(body.password);
      expect(log).not.toContain(client.cookies.get('graphium_session')!);
    } finally {
      await logged.close();
    }
  });
});
