import type { ChangeSubscriber } from '../../db/change-notifications.js';
import { NotifiedCache, type NotifiedCacheOptions } from '../../db/notified-cache.js';
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

export class MemoryLinkCache implements LinkCache, ChangeSubscriber {
  private readonly cache: NotifiedCache<LinkForStart>;

  constructor(options: NotifiedCacheOptions = {}) {
    this.cache = new NotifiedCache(options);
  }

  get(slug: string, now: Date): LinkForStart | undefined {
    return this.cache.get(slug, now);
  }

  readThrough(
    slug: string,
    now: Date,
    load: () => Promise<LinkForStart | undefined>,
  ): Promise<LinkForStart | undefined> {
    return this.cache.readThrough(slug, now, load);
  }

  forgetSlug(slug: string): void {
    this.cache.forget(slug);
  }

  forgetTemplate(templateId: string): void {
    this.cache.forgetWhere((link) => link.templateId === templateId);
  }

  clear(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }

  /** Applies one notification: `s:<slug>`, `t:<template id>` or `*`. */
  receive(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSlug(payload.slice(2));
    else if (payload.startsWith('t:')) this.forgetTemplate(payload.slice(2));
    else this.clear();
  }

  setTrusted(isTrusted: boolean): void {
    this.cache.setTrusted(isTrusted);
  }
}

/** A cache that never holds anything: every start reads the database. */
export const noLinkCache: LinkCache = {
  readThrough: (_slug, _now, load) => load(),
  forgetSlug: () => {},
  forgetTemplate: () => {},
  clear: () => {},
};
