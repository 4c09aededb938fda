import type { ChangeSubscriber } from '../../db/change-notifications.js';
import { NotifiedCache, type NotifiedCacheOptions } from '../../db/notified-cache.js';

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

export class MemoryWebhookCache implements WebhookCache, ChangeSubscriber {
  private readonly cache: NotifiedCache<ReadonlySet<string>>;

  constructor(options: NotifiedCacheOptions = {}) {
    this.cache = new NotifiedCache(options);
  }

  async readThrough(
    workspaceId: string,
    now: Date,
    load: () => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>> {
    return (await this.cache.readThrough(workspaceId, now, load)) ?? new Set();
  }

  forget(workspaceId: string): void {
    this.cache.forget(workspaceId);
  }

  /** A notification's payload is the workspace id; `*` (or anything else unreadable) forgets all. */
  receive(payload: string): void {
    if (/^[0-9a-f-]{36}$/.test(payload)) this.forget(payload);
    else this.cache.clear();
  }

  setTrusted(isTrusted: boolean): void {
    this.cache.setTrusted(isTrusted);
  }
}

/** A process that serves no requests keeps nothing: every check reads the database. */
export const noWebhookCache: WebhookCache = {
  readThrough: (_workspaceId, _now, load) => load(),
  forget: () => {},
};
