import { createHash } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

/**
 * Where several instances share counters in one Redis; the namespace keeps installations that
 * share one Redis apart (it derives from their secret, which they never share).
 */
export function rateLimitNamespace(sessionSecret: string): string {
  return `graphium:${createHash('sha256').update(sessionSecret).digest('hex').slice(0, 12)}:rate:`;
}

/** Sign-up and password reset: AUTH_RATE_LIMIT requests a minute per client address. */
export function authRateLimit(ctx: AppContext): RateLimitOptions {
  return {
    max: ctx.config.authRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route counts failed sign-ins (`SignInLimiter`): it may answer 429. */
    signInLimited?: boolean;
  }
}

// Sign-in limits count failures, never successes (docs/decisions/018-two-factor-and-sessions.md):
// an office behind one address signing in at 9:00 is never refused, while failures on one
// account (from any address) or from one address (against any account) are first slowed (each
// attempt after the free ones waits a growing pause after the last failure) and then refused
// until the window ends.

interface FailurePolicy {
  /** Failures allowed without a pause. */
  free: number;
  /** Failures after which every attempt is refused until the window ends. */
  refuseAt: number;
  /** The pause after each failure past the free ones doubles from one second up to this. */
  maxPauseSeconds: number;
  windowMs: number;
}

// One account: a person mistyping gets five tries, then 1, 2, 4, 8, 16 s pauses, then a quarter
// of an hour. One address: an office of people mistyping shares it, so the budget is larger.
const signInPolicies = {
  account: { free: 5, refuseAt: 10, maxPauseSeconds: 60, windowMs: 15 * 60_000 },
  address: { free: 20, refuseAt: 50, maxPauseSeconds: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, FailurePolicy>;

type LimitKind = keyof typeof signInPolicies;

interface Failures {
  count: number;
  firstAt: number;
  lastAt: number;
}

/** Failure counters by key: in Redis when configured, else (or while it is away) in this process. */
interface FailureStore {
  read(key: string, now: number, windowMs: number): Promise<Failures | undefined>;
  add(key: string, now: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, Failures>();

  async read(key: string, now: number, windowMs: number) {
    const entry = this.entries.get(key);
    if (entry && now - entry.firstAt >= windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async add(key: string, now: number, windowMs: number) {
    const entry = await this.read(key, now, windowMs);
    if (entry) {
      entry.count += 1;
      entry.lastAt = now;
      return;
    }
    if (this.entries.size >= 100_000) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { count: 1, firstAt: now, lastAt: now });
  }

  async clear(key: string) {
    this.entries.delete(key);
  }
}

// One failure, atomically: a window older than its length starts again.
const addFailureScript = `
local first = tonumber(redis.call('HGET', KEYS[1], 'first'))
local now = tonumber(ARGV[1])
if (not first) or now - first >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'first', now)
end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  async read(key: string, now: number, windowMs: number) {
    const row = await this.redis.hgetall(this.namespace + key);
    const count = Number(row.count);
    const firstAt = Number(row.first);
    if (!count || now - firstAt >= windowMs) return undefined;
    return { count, firstAt, lastAt: Number(row.last) };
  }

  async add(key: string, now: number, windowMs: number) {
    await this.redis.eval(addFailureScript, 1, this.namespace + key, now, windowMs);
  }

  async clear(key: string) {
    await this.redis.del(this.namespace + key);
  }
}

/**
 * Redis first; while it is away this process counts alone, so the limits still hold per
 * instance (docs/decisions/014-dependencies-that-go-away.md).
 */
class ResilientFailureStore implements FailureStore {
  private readonly memory = new MemoryFailureStore();
  constructor(private readonly shared: FailureStore | undefined) {}

  private async either<T>(use: (store: FailureStore) => Promise<T>): Promise<T> {
    if (this.shared) {
      try {
        return await use(this.shared);
      } catch {
        // Redis away: fall through to this process's counters.
      }
    }
    return use(this.memory);
  }

  read(key: string, now: number, windowMs: number) {
    return this.either((store) => store.read(key, now, windowMs));
  }
  add(key: string, now: number, windowMs: number) {
    return this.either((store) => store.add(key, now, windowMs));
  }
  clear(key: string) {
    return this.either((store) => store.clear(key));
  }
}

/** Who a sign-in attempt is about: the account's e-mail address and the client's address. */
export interface SignInAttempt {
  emailAddress: string;
  ipAddress: string;
}

/** How long the next attempt must wait, in milliseconds (0: it may go ahead). */
function waitOf(policy: FailurePolicy, failures: Failures | undefined, now: number): number {
  if (!failures || failures.count < policy.free) return 0;
  if (failures.count >= policy.refuseAt) return failures.firstAt + policy.windowMs - now;
  const pauseMs = 1000 * Math.min(2 ** (failures.count - policy.free), policy.maxPauseSeconds);
  return Math.max(0, failures.lastAt + pauseMs - now);
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export class SignInLimiter {
  private readonly store: FailureStore;

  constructor(
    private readonly now: () => Date,
    redis: Redis | undefined,
    namespace: string,
  ) {
    this.store = new ResilientFailureStore(
      redis ? new RedisFailureStore(redis, `${namespace}sign-in:`) : undefined,
    );
  }

  private keysOf(attempt: SignInAttempt): [LimitKind, string][] {
    return [
      ['account', `account:${attempt.emailAddress.trim().toLowerCase()}`],
      ['address', `address:${attempt.ipAddress}`],
    ];
  }

  /** Refuses with 429 (and Retry-After) an attempt that comes before its pause is over. */
  async check(attempt: SignInAttempt): Promise<void> {
    const now = this.now().getTime();
    let waitMs = 0;
    for (const [kind, key] of this.keysOf(attempt)) {
      const policy = signInPolicies[kind];
      waitMs = Math.max(waitMs, waitOf(policy, await this.store.read(key, now, policy.windowMs), now));
    }
    if (waitMs <= 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please try again in ${describeWait(seconds)}.`,
      undefined,
      seconds,
    );
  }

  async recordFailure(attempt: SignInAttempt): Promise<void> {
    const now = this.now().getTime();
    for (const [kind, key] of this.keysOf(attempt)) {
      await this.store.add(key, now, signInPolicies[kind].windowMs);
    }
  }

  /** A success clears the account's failures; the address's stay (it may be trying many accounts). */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.store.clear(this.keysOf(attempt)[0]![1]);
  }

  /**
   * Runs an attempt after the check: an UNAUTHENTICATED answer (wrong password, unknown
   * account, wrong code) counts as a failure; a result that signs the person in clears the
   * account's failures (a right password still waiting for its code does not).
   */
  async guard<T>(
    attempt: SignInAttempt,
    run: () => Promise<T>,
    options: { isFailure?: (error: unknown) => boolean; isSignedIn?: (result: T) => boolean } = {},
  ): Promise<T> {
    const { isFailure = isWrongCredentials, isSignedIn = () => true } = options;
    await this.check(attempt);
    try {
      const result = await run();
      if (isSignedIn(result)) await this.recordSuccess(attempt);
      return result;
    } catch (error) {
      if (isFailure(error)) await this.recordFailure(attempt);
      throw error;
    }
  }
}

function isWrongCredentials(error: unknown): boolean {
  return error instanceof AppError && error.code === 'UNAUTHENTICATED';
}
