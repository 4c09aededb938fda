import {
  createRecurringSendSchema,
  recurringSendParamsSchema,
  recurringSendSchema,
  recurringSendsResponseSchema,
  updateRecurringSendSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import {
  createRecurringSend,
  listRecurringSends,
  removeRecurringSend,
  updateRecurringSend,
} from './recurring-sends.service.js';

/**
 * Recurring sends to contact segments (decision 038), in the Contacts area: members read them,
 * editors, admins and read-write keys schedule, pause, resume and delete them.
 */
export const recurringSendRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contacts'];

  app.get(
    '/contacts/recurring-sends',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: 'Recurring sends, newest first',
        response: { 200: recurringSendsResponseSchema },
      },
    },
    async (request) => listRecurringSends(ctx, actorOf(request)),
  );

  app.post(
    '/contacts/recurring-sends',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Send a template to a segment every N days, weeks or months at a local time',
        body: createRecurringSendSchema,
        response: { 201: recurringSendSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRecurringSend(ctx, actorOf(request), request.body)),
  );

  app.patch(
    '/contacts/recurring-sends/:recurringSendId',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Pause or resume a recurring send',
        params: recurringSendParamsSchema,
        body: updateRecurringSendSchema,
        response: { 200: recurringSendSchema },
      },
    },
    async (request) =>
      updateRecurringSend(ctx, actorOf(request), request.params.recurringSendId, request.body),
  );

  app.delete(
    '/contacts/recurring-sends/:recurringSendId',
    {
      config: { access: access.workspace('write') },
      schema: { tags, summary: 'Delete a recurring send', params: recurringSendParamsSchema },
    },
    async (request, reply) => {
      await removeRecurringSend(ctx, actorOf(request), request.params.recurringSendId);
      return reply.status(204).send();
    },
  );
};
