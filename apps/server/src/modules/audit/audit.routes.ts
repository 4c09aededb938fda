import { auditEventsListSchema, auditEventsQuerySchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { listAuditEvents } from './audit.service.js';
import { exportAuditEvents } from './audit-export.service.js';

/** The audit log (docs/decisions/017-audit-log.md): admins of the workspace, signed in. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/audit-events',
    {
      schema: {
        tags: ['audit'],
        summary: "The workspace's audit log, newest first, filtered and paged (admins)",
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventsListSchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => listAuditEvents(ctx, actorOf(request), request.query),
  );

  app.get(
    '/audit-events/export.csv',
    {
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit log as a CSV file (admins)',
        querystring: auditEventsQuerySchema,
      },
      config: { access: access.member('admin') },
    },
    async (request, reply) => {
      const { page: _page, limit: _limit, ...filters } = request.query;
      const file = await exportAuditEvents(ctx, actorOf(request), filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
