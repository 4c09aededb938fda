import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';

const healthSchema = z.object({
  /** `degraded`: the process serves, without something it can do without (shared rate limits). */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.string(),
  queue: z.string(),
  rateLimits: z.enum(['shared', 'not enforced', 'per process']),
});

/**
 * Readiness for a balancer: 503 while the database or the job queue cannot be reached, so it
 * sends requests elsewhere; 200 `degraded` while only Redis is away (the rate limits then let
 * requests through: docs/decisions/014-dependencies-that-go-away.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  rateLimitStore?: { status: string };
}> = async (app, { ctx, rateLimitStore }) => {
  app.get(
    '/health',
    {
      config: { access: access.anyone },
      schema: {
        tags: ['operations'],
        response: {
          200: healthSchema,
          503: healthSchema,
        },
      },
    },
    async (_request, reply) => {
      const database = await ctx.database
        .executeSql('select 1 as ok')
        .then(() => 'ok')
        .catch(() => 'unavailable');
      const queue = (await ctx.jobs.isHealthy()) ? 'ok' : 'unavailable';
      const rateLimits = !rateLimitStore
        ? 'per process'
        : rateLimitStore.status === 'ready'
          ? 'shared'
          : 'not enforced';
      if (database !== 'ok' || queue !== 'ok') {
        return reply.status(503).send({ status: 'unavailable', database, queue, rateLimits });
      }
      return reply.send({
        status: rateLimits === 'not enforced' ? 'degraded' : 'ok',
        database,
        queue,
        rateLimits,
      });
    },
  );
};
