import { dashboardQuerySchema, dashboardSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { getDashboard } from './dashboard.service.js';

/** The dashboard's figures (decision 028): any member reads them, and API keys. */
export const insightRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags: ['insights'],
        summary:
          'NPS, composite, responses and response rate for a period beside the previous one, the trend, open cases and the biggest movers',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => getDashboard(ctx, actorOf(request), request.query),
  );
};
