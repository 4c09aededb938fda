import type { ChangeSubscriber } from '../../db/change-notifications.js';

/**
 * Which event types each workspace's enabled webhooks receive, kept in memory so that a change in
 * a workspace without webhooks (most of them, and the respondent's completion among the changes)
 * costs no database read (docs/decisions/036-webhooks.md). Empty sets are kept too: they are the
 * point. Trusted only while this process hears the database's change notifications (the session
 * and link caches' pattern, decisions 006 and 032): a trigger announces the workspace on
 * `graphium_webhook_cache` when one of its webhooks is created, deleted, enabled, disabled or
 * changes its events (migration 0025); writes in this process also forget their workspace before
 * they answer. While the listening connection is down, every check reads the database.
 */
export interface WebhookCache {
  /** The workspace's subscribed event types, from memory or loaded by `load` (and kept). */
  readThrough(
    workspaceId: string,
    now: Date,
    load: () => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>>;
  forget(workspaceId: string): void;
}

export const webhookCacheChannel = 'graphium_webhook_cache';

interface Entry {
  events: ReadonlySet<string>;
  storedAt: number;
}

export class MemoryWebhookCache implements WebhookCache, ChangeSubscriber {
  private readonly entries = new Map<string, Entry>();
  private readonly loads = new Map<string, { promise: Promise<ReadonlySet<string>>; generation: number }>();
  private isTrusted = false;
  /** Counts what was forgotten: a load that began before a change must not store what it read. */
  private generation = 0;

  constructor(
    /** A bound on an entry's age, not the invalidation. */
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  async readThrough(
    workspaceId: string,
    now: Date,
    load: () => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>> {
    if (!this.isTrusted) return load();
    const entry = this.entries.get(workspaceId);
    const time = now.getTime();
    if (entry && time - entry.storedAt <= this.ttlMs && time >= entry.storedAt) return entry.events;
    const pending = this.loads.get(workspaceId);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const promise = load();
    this.loads.set(workspaceId, { promise, generation });
    try {
      const events = await promise;
      if (this.isTrusted && generation === this.generation) {
        if (this.entries.size >= this.maxEntries && !this.entries.has(workspaceId)) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(workspaceId, { events, storedAt: time });
      }
      return events;
    } finally {
      if (this.loads.get(workspaceId)?.promise === promise) this.loads.delete(workspaceId);
    }
  }

  forget(workspaceId: string): void {
    this.generation += 1;
    this.entries.delete(workspaceId);
  }

  /** A notification's payload is the workspace id; `*` (or anything else unreadable) forgets all. */
  receive(payload: string): void {
    if (/^[0-9a-f-]{36}$/.test(payload)) this.forget(payload);
    else this.setTrusted(this.isTrusted);
  }

  /** Starts or stops trusting entries; either way, what was stored before is dropped. */
  setTrusted(isTrusted: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.isTrusted = isTrusted;
  }
}

/** A process that serves no requests keeps nothing: every check reads the database. */
export const noWebhookCache: WebhookCache = {
  readThrough: (_workspaceId, _now, load) => load(),
  forget: () => {},
};
