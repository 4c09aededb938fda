import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Log = (...args: unknown[]) => void;

/**
 * A request's logger, made on first use. Fastify gives every request a pino child bound to its
 * request id; with request lines off (unless debugging) almost no request logs anything, and making
 * the child took about 3% of the CPU of a startup call or a respondent's page load (the `npm run
 * bench` profile of 2026-11-26). An error logged for the request still carries its id.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.real.fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    (this.real.error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    (this.real.warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    (this.real.info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    (this.real.debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    (this.real.trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.real.silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when something logs. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
