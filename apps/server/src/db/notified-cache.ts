/**
 * The in-memory caches' common part (docs/decisions/006-session-cache.md, 032-link-cache.md,
 * 048-respondent-cache.md): entries by key, trusted only while this process hears the database's
 * change notifications, bounded in age and number, with concurrent misses of one key sharing one
 * load. Each cache decides what its notifications mean and calls `forget`, `forgetWhere` or
 * `clear`; this part makes sure a load that began before a forget never stores what it read.
 */
export interface NotifiedCacheOptions {
  /** How long an entry is used before it is read again anyway (a bound, not the invalidation). */
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loads = new Map<string, { promise: Promise<V | undefined>; generation: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** False until the change notifications are heard, and again whenever they may have been missed. */
  private isTrusted = false;
  /** Counts what was forgotten: a load that began before a change must not store what it read. */
  private generation = 0;

  constructor(options: NotifiedCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** The entry of `key` while it is trusted and young enough. */
  get(key: string, now: Date): V | undefined {
    if (!this.isTrusted) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const time = now.getTime();
    if (time - entry.storedAt > this.ttlMs || time < entry.storedAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The entry of `key` from memory, or loaded by `load` and kept (unless something was forgotten
   * while it loaded, or it is `undefined`). Untrusted, every call loads.
   */
  async readThrough(key: string, now: Date, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.get(key, now);
    if (cached !== undefined) return cached;
    if (!this.isTrusted) return load();
    const pending = this.loads.get(key);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const promise = load();
    this.loads.set(key, { promise, generation });
    try {
      const value = await promise;
      if (value !== undefined && this.isTrusted && generation === this.generation)
        this.store(key, value, now);
      return value;
    } finally {
      if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
    }
  }

  private store(key: string, value: V, now: Date): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: now.getTime() });
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Forgets every entry whose value `matches` (a walk over the entries: for rare changes). */
  forgetWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Starts or stops trusting entries; either way, what was stored before is dropped. */
  setTrusted(isTrusted: boolean): void {
    this.clear();
    this.isTrusted = isTrusted;
  }

  get size(): number {
    return this.entries.size;
  }
}
