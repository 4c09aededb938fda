import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.string(),
  queue: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const status = database === 'ok' && queue === 'ok' ? 'ok' : 'degraded';
      return reply.status(status === 'ok' ? 200 : 503).send({ status, database, queue });
    },
  );
};
