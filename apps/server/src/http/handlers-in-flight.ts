import type { FastifyInstance } from 'fastify';

/**
 * The route handlers still running. `app.close()` returns once every connection has ended, but a
 * handler whose client went away keeps running: without this count, a stop would close the
 * database under it ("Cannot use a pool after calling end on the pool").
 */
export class HandlersInFlight {
  #count = 0;
  #waiters: Array<() => void> = [];

  get count(): number {
    return this.#count;
  }

  enter(): void {
    this.#count += 1;
  }

  leave(): void {
    this.#count -= 1;
    if (this.#count > 0) return;
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves `true` once no handler runs, or `false` when `timeoutMs` passes first. */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#waiters.push(wake);
    });
  }
}

/**
 * Counts the handlers of the routes registered after it in `app` and its children. A handler that
 * answers synchronously keeps doing so; one that returns a promise is counted until it settles.
 */
export function countHandlersInFlight(app: FastifyInstance, handlers: HandlersInFlight): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function counted(request, reply) {
      handlers.enter();
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        handlers.leave();
        throw error;
      }
      if (result instanceof Promise) return result.finally(() => handlers.leave());
      handlers.leave();
      return result;
    };
  });
}
