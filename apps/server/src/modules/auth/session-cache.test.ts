import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { hashToken } from '../../tokens.js';
import { MemorySessionCache } from './session-cache.js';
import type { SessionAccount } from './sessions.repository.js';

function sessionOf(accountId: string, tokenHash: string): SessionAccount {
  return {
    tokenHash,
    accountId,
    lastSeenAt: new Date('2026-01-01T00:00:00Z'),
    expiresAt: new Date('2026-02-01T00:00:00Z'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    businessName: null,
    memberships: [],
  };
}

describe('the in-memory session cache', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('holds nothing until it hears the change notifications', () => {
    const cache = new MemorySessionCache();
    cache.set(sessionOf('a1', 't1'), later(60_000), now);
    expect(cache.get('t1', now)).toBeUndefined();
    cache.setTrusted(true);
    cache.set(sessionOf('a1', 't1'), later(60_000), now);
    expect(cache.get('t1', now)?.accountId).toBe('a1');
    cache.setTrusted(false);
    expect(cache.get('t1', now)).toBeUndefined();
  });

  it('drops entries past their time to live or the session expiry', () => {
    const cache = new MemorySessionCache({ ttlMs: 1000 });
    cache.setTrusted(true);
    cache.set(sessionOf('a1', 't1'), later(10_000), now);
    cache.set(sessionOf('a2', 't2'), later(500), now);
    expect(cache.get('t1', later(999))?.accountId).toBe('a1');
    expect(cache.get('t2', later(500))).toBeUndefined();
    expect(cache.get('t1', later(1001))).toBeUndefined();
  });

  it('applies notifications by token, by account and for everything', () => {
    const cache = new MemorySessionCache();
    cache.setTrusted(true);
    for (const [account, token] of [
      ['a1', 't1'],
      ['a1', 't2'],
      ['a2', 't3'],
      ['a3', 't4'],
    ] as const) {
      cache.set(sessionOf(account, token), later(60_000), now);
    }
    cache.receive('t:t3');
    expect(cache.get('t3', now)).toBeUndefined();
    cache.receive('a:a1');
    expect(cache.get('t1', now)).toBeUndefined();
    expect(cache.get('t2', now)).toBeUndefined();
    expect(cache.get('t4', now)?.accountId).toBe('a3');
    cache.receive('*');
    expect(cache.get('t4', now)).toBeUndefined();
  });

  it('keeps at most its maximum number of entries, dropping the oldest', () => {
    const cache = new MemorySessionCache({ maxEntries: 2 });
    cache.setTrusted(true);
    cache.set(sessionOf('a1', 't1'), later(60_000), now);
    cache.set(sessionOf('a2', 't2'), later(60_000), now);
    cache.set(sessionOf('a3', 't3'), later(60_000), now);
    expect(cache.get('t1', now)).toBeUndefined();
    expect(cache.get('t3', now)?.accountId).toBe('a3');
  });
});

describe('cached sign-in against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it('sees a membership change made outside this process (through the notification)', async () => {
    const { client, startup } = await signUpClient(t.client());
    expect((await client.get('/api/accounts/startup')).json().workspaces).toHaveLength(1);
    // Warm: the lookup is now served from the cache.
    const token = t.app.unsignCookie(decodeURIComponent(client.cookies.get('graphium_session')!)).value!;
    expect(t.ctx.sessionCache.get(hashToken(token), t.ctx.now())?.accountId).toBe(startup.account.accountId);
    // As another process (psql, the CLI, another server) would: straight in the database.
    await t.ctx.database.executeSql('update workspace_members set is_active = false where account_id = $1', [
      startup.account.accountId,
    ]);
    // Removing the member ends their sessions (a trigger), whoever made the change.
    const seen = await eventually(async () => (await client.get('/api/accounts/startup')).statusCode === 401);
    expect(seen).toBe(true);
    expect((await client.get('/api/accounts/startup')).json().message).toBe(
      `Your access to ${startup.workspaces[0]!.workspaceName} was removed.`,
    );
  });

  it('sees a role changed outside this process (through the notification)', async () => {
    const { client, startup } = await signUpClient(t.client());
    expect((await client.get('/api/accounts/startup')).json().workspaces[0].role).toBe('admin');
    await t.ctx.database.executeSql("update workspace_members set role = 'viewer' where account_id = $1", [
      startup.account.accountId,
    ]);
    const seen = await eventually(
      async () => (await client.get('/api/accounts/startup')).json().workspaces[0]?.role === 'viewer',
    );
    expect(seen).toBe(true);
  });

  it('sees a session deleted outside this process', async () => {
    const { client, startup } = await signUpClient(t.client());
    expect((await client.get('/api/accounts/startup')).statusCode).toBe(200);
    await t.ctx.database.executeSql('delete from sessions where account_id = $1', [
      startup.account.accountId,
    ]);
    const seen = await eventually(async () => (await client.get('/api/accounts/startup')).statusCode === 401);
    expect(seen).toBe(true);
  });

  it('sees an account renamed outside this process', async () => {
    const { client, startup } = await signUpClient(t.client());
    expect((await client.get('/api/accounts/startup')).json().account.firstName).toBe(
      startup.account.firstName,
    );
    await t.ctx.database.executeSql(`update accounts set first_name = 'Renamed' where id = $1`, [
      startup.account.accountId,
    ]);
    const seen = await eventually(
      async () => (await client.get('/api/accounts/startup')).json().account.firstName === 'Renamed',
    );
    expect(seen).toBe(true);
  });
});
