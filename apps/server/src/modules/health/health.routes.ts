import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { isWorkerPolling } from '../../jobs/worker-heartbeat.js';

const healthSchema = z.object({
  /**
   * `unavailable` (503): do not send requests here. `degraded` (200): serving, without something it
   * can do without for a while (shared rate limits, its caches' notifications, a job worker).
   */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.string(),
  /** The queue's storage: `ok` or `unavailable`. */
  queue: z.string(),
  /** `polling`: some process ran its job workers within the last 30 s; `none recently`: jobs wait. */
  worker: z.enum(['polling', 'none recently', 'unknown']),
  /** This process's caches: `listening` to change notifications, `reconnecting` (bypassed), or `none`. */
  notifications: z.enum(['listening', 'reconnecting', 'none']),
  rateLimits: z.enum(['shared', 'not enforced', 'per process']),
  /** True once the process was told to stop: it finishes running requests and takes no new ones. */
  draining: z.boolean(),
});

const liveSchema = z.object({ status: z.literal('ok') });

const readinessDescription =
  'Readiness for a load balancer: 503 while the database or the job queue cannot be reached, or ' +
  'while the process drains before stopping; 200 `degraded` while it serves without something it can ' +
  'do without for a while (Redis: rate limits not enforced; its caches bypassed; no job worker seen in ' +
  '30 s, so e-mails and reminders wait).';

/**
 * Liveness (`/health/live`: the process answers) and readiness (`/health`, `/health/ready`) for a
 * balancer and an orchestrator (docs/decisions/014-dependencies-that-go-away.md,
 * 040-health-and-draining.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  rateLimitStore?: { status: string };
}> = async (app, { ctx, rateLimitStore }) => {
  const readiness = {
    config: { access: access.anyone },
    schema: {
      tags: ['operations'],
      description: readinessDescription,
      response: { 200: healthSchema, 503: healthSchema },
    },
  };
  const readHealth = async () => {
    const database = await ctx.database
      .executeSql('select 1 as ok')
      .then(() => 'ok')
      .catch(() => 'unavailable');
    const queue = (await ctx.jobs.isHealthy()) ? 'ok' : 'unavailable';
    const worker =
      database === 'ok'
        ? await isWorkerPolling(ctx.db)
            .then((polling) => (polling ? ('polling' as const) : ('none recently' as const)))
            .catch(() => 'unknown' as const)
        : ('unknown' as const);
    const notifications = ctx.changeNotifications.state();
    const rateLimits = !rateLimitStore
      ? ('per process' as const)
      : rateLimitStore.status === 'ready'
        ? ('shared' as const)
        : ('not enforced' as const);
    const draining = ctx.lifecycle.isDraining;
    const details = { database, queue, worker, notifications, rateLimits, draining };
    if (database !== 'ok' || queue !== 'ok' || draining) {
      return { code: 503 as const, body: { status: 'unavailable' as const, ...details } };
    }
    const isDegraded =
      rateLimits === 'not enforced' || notifications === 'reconnecting' || worker !== 'polling';
    return {
      code: 200 as const,
      body: { status: isDegraded ? ('degraded' as const) : ('ok' as const), ...details },
    };
  };
  for (const path of ['/health', '/health/ready']) {
    app.get(path, readiness, async (_request, reply) => {
      const { code, body } = await readHealth();
      return reply.status(code).send(body);
    });
  }
  app.get(
    '/health/live',
    {
      config: { access: access.anyone },
      schema: {
        tags: ['operations'],
        description: 'Liveness: 200 while the process answers, whatever its dependencies do.',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
