import type { ChangeSubscriber } from '../../db/change-notifications.js';
import type { LinkForStart } from './public-links.repository.js';

/**
 * What a start needs of a link, without a database round trip (docs/decisions/032-link-cache.md):
 * the link's limits and its template's published version, by address. Never the completed count,
 * which every completion changes: a link with a maximum still counts on each start.
 *
 * Trusted only while this process hears the database's change notifications (the session cache's
 * pattern, docs/decisions/006-session-cache.md): triggers announce on `graphium_link_cache` a
 * link's old and new address (`s:<slug>`) when it is created, changed or deleted, and a template
 * (`t:<template id>`) when a version's state or settings change (migration 0022). Writes in this
 * process also drop their entries before they answer. While the listening connection is down,
 * every start reads the database.
 */
export interface LinkCache {
  /**
   * The link of an address from memory, or loaded by `load` (and kept, unless something was
   * forgotten while it loaded). Concurrent misses of one address share one load.
   */
  readThrough(
    slug: string,
    now: Date,
    load: () => Promise<LinkForStart | undefined>,
  ): Promise<LinkForStart | undefined>;
  forgetSlug(slug: string): void;
  forgetTemplate(templateId: string): void;
  clear(): void;
}

export const linkCacheChannel = 'graphium_link_cache';

interface Entry {
  link: LinkForStart;
  storedAt: number;
}

interface Load {
  promise: Promise<LinkForStart | undefined>;
  generation: number;
}

export interface LinkCacheOptions {
  /** How long an entry is used before it is read again anyway (a bound, not the invalidation). */
  ttlMs?: number;
  maxEntries?: number;
}

export class MemoryLinkCache implements LinkCache, ChangeSubscriber {
  private readonly entries = new Map<string, Entry>();
  private readonly loads = new Map<string, Load>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** False until the change notifications are heard, and again whenever they may have been missed. */
  private isTrusted = false;
  /**
   * Counts what was forgotten: a load that began before a change and ends after its notification
   * must not store what it read.
   */
  private generation = 0;

  constructor(options: LinkCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  get(slug: string, now: Date): LinkForStart | undefined {
    if (!this.isTrusted) return undefined;
    const entry = this.entries.get(slug);
    if (!entry) return undefined;
    const time = now.getTime();
    if (time - entry.storedAt > this.ttlMs || time < entry.storedAt) {
      this.entries.delete(slug);
      return undefined;
    }
    return entry.link;
  }

  async readThrough(
    slug: string,
    now: Date,
    load: () => Promise<LinkForStart | undefined>,
  ): Promise<LinkForStart | undefined> {
    const cached = this.get(slug, now);
    if (cached) return cached;
    if (!this.isTrusted) return load();
    const pending = this.loads.get(slug);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const promise = load();
    this.loads.set(slug, { promise, generation });
    try {
      const link = await promise;
      if (link && this.isTrusted && generation === this.generation) this.store(slug, link, now);
      return link;
    } finally {
      if (this.loads.get(slug)?.promise === promise) this.loads.delete(slug);
    }
  }

  private store(slug: string, link: LinkForStart, now: Date): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(slug)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(slug, { link, storedAt: now.getTime() });
  }

  forgetSlug(slug: string): void {
    this.generation += 1;
    this.entries.delete(slug);
  }

  forgetTemplate(templateId: string): void {
    this.generation += 1;
    for (const [slug, entry] of this.entries) {
      if (entry.link.templateId === templateId) this.entries.delete(slug);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Applies one notification: `s:<slug>`, `t:<template id>` or `*`. */
  receive(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSlug(payload.slice(2));
    else if (payload.startsWith('t:')) this.forgetTemplate(payload.slice(2));
    else this.clear();
  }

  /** Starts or stops trusting entries; either way, what was stored before is dropped. */
  setTrusted(isTrusted: boolean): void {
    this.clear();
    this.isTrusted = isTrusted;
  }
}

/** A cache that never holds anything: every start reads the database. */
export const noLinkCache: LinkCache = {
  readThrough: (_slug, _now, load) => load(),
  forgetSlug: () => {},
  forgetTemplate: () => {},
  clear: () => {},
};
