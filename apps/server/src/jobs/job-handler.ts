import type { AppContext } from '../context.js';
import type { JobDefinition, JobWorker } from './job-queue.js';

/** What runs a kind of job: the same service functions the HTTP routes call. */
export interface JobHandler {
  job: JobDefinition<unknown>;
  run(ctx: AppContext, payload: unknown): Promise<unknown>;
}

export function handleJob<Payload>(
  job: JobDefinition<Payload>,
  run: (ctx: AppContext, payload: Payload) => Promise<unknown>,
): JobHandler {
  return { job: job as JobDefinition<unknown>, run: (ctx, payload) => run(ctx, payload as Payload) };
}

/** The handlers bound to the application context, as the queue's workers run them. */
export function bindJobHandlers(ctx: AppContext, handlers: readonly JobHandler[]): JobWorker[] {
  return handlers.map((handler) => ({ job: handler.job, run: (payload) => handler.run(ctx, payload) }));
}
