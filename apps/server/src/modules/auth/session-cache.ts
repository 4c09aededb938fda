import type { ChangeSubscriber } from '../../db/change-notifications.js';
import type { SessionAccount } from './sessions.repository.js';

/**
 * Signed-in lookups without a database round trip (docs/decisions/006-session-cache.md).
 *
 * Every signed-in request starts by reading its session, account and memberships. This keeps the
 * answer in memory for a short while. It is only trusted while this process hears the database's
 * change notifications: triggers on sessions, accounts, workspace members and workspaces announce
 * on the `graphium_session_cache` channel which account or session changed (migration 0005), so a
 * change made by any process — another server, a worker, the CLI, psql — drops the entry. Writes
 * made in this process also drop their entries at once, before they answer, so a request that
 * follows a logout or a role change can never see the old state here. While the listening
 * connection is down the cache is empty and bypassed (`db/change-notifications.ts`).
 */
export interface SessionCache {
  get(tokenHash: string, now: Date): SessionAccount | undefined;
  set(session: SessionAccount, expiresAt: Date, now: Date): void;
  forgetToken(tokenHash: string): void;
  forgetAccount(accountId: string): void;
  clear(): void;
  /** Lookups answered from memory and lookups that went to the database, since the start. */
  readonly counts: { hits: number; misses: number };
}

export const sessionCacheChannel = 'graphium_session_cache';

interface Entry {
  session: SessionAccount;
  expiresAt: number;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry is used before it is read again anyway (a bound, not the invalidation). */
  ttlMs?: number;
  maxEntries?: number;
}

export class MemorySessionCache implements SessionCache, ChangeSubscriber {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** False until the change notifications are heard, and again whenever they may have been missed. */
  private isTrusted = false;
  readonly counts = { hits: 0, misses: 0 };

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
  }

  get(tokenHash: string, now: Date): SessionAccount | undefined {
    const session = this.lookUp(tokenHash, now);
    if (session) this.counts.hits += 1;
    else this.counts.misses += 1;
    return session;
  }

  private lookUp(tokenHash: string, now: Date): SessionAccount | undefined {
    if (!this.isTrusted) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const time = now.getTime();
    if (entry.expiresAt <= time || time - entry.storedAt > this.ttlMs || time < entry.storedAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(session: SessionAccount, expiresAt: Date, now: Date): void {
    if (!this.isTrusted) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(session.tokenHash, { session, expiresAt: expiresAt.getTime(), storedAt: now.getTime() });
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetAccount(accountId: string): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.session.accountId === accountId) this.entries.delete(tokenHash);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** Applies one notification: `t:<token hash>`, `a:<account id>` or `*`. */
  receive(payload: string): void {
    if (payload.startsWith('t:')) this.forgetToken(payload.slice(2));
    else if (payload.startsWith('a:')) this.forgetAccount(payload.slice(2));
    else this.clear();
  }

  /** Starts or stops trusting entries; either way, what was stored before is dropped. */
  setTrusted(isTrusted: boolean): void {
    this.clear();
    this.isTrusted = isTrusted;
  }
}

/** A cache that never holds anything: for tools that do not serve requests. */
export const noSessionCache: SessionCache = {
  get: () => undefined,
  set: () => {},
  forgetToken: () => {},
  forgetAccount: () => {},
  clear: () => {},
  counts: { hits: 0, misses: 0 },
};
