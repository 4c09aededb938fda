import {
  addSuppressionBodySchema,
  suppressionContactParamsSchema,
  suppressionSchema,
  suppressionsResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeTokenParamsSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { access, actorOf } from '../../http/access.js';
import {
  addSuppression,
  getUnsubscribeInfo,
  listSuppressions,
  removeSuppression,
  unsubscribe,
} from './suppression.service.js';

const publicRateLimit = {
  max: 30,
  timeWindow: '1 minute',
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
};

/**
 * The suppression list (decision 008): any member reads it, editors and admins add and remove; and
 * the public unsubscribe calls behind the link in every survey e-mail.
 */
export const suppressionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { tags: ['notifications'] };

  app.get(
    '/workspace/suppressions',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...staff,
        summary: "The workspace's suppression list, newest first",
        response: { 200: suppressionsResponseSchema },
      },
    },
    async (request) => listSuppressions(ctx, actorOf(request)),
  );

  app.post(
    '/workspace/suppressions',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...staff,
        summary: 'Never message a contact again (editors and admins); adding one twice changes nothing',
        body: addSuppressionBodySchema,
        response: { 201: suppressionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSuppression(ctx, actorOf(request), request.body)),
  );

  app.delete(
    '/workspace/suppressions/:contact',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...staff,
        summary: 'Take a contact off the suppression list (editors and admins)',
        params: suppressionContactParamsSchema,
      },
    },
    async (request, reply) => {
      await removeSuppression(ctx, actorOf(request), request.params.contact);
      return reply.status(204).send();
    },
  );

  // Public: the token in the link is the only credential.
  await app.register(async (plugin) => {
    const open = plugin.withTypeProvider<ZodTypeProvider>();
    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a form; the body is not needed.
    open.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    const unsubscribeRoute = {
      tags: ['unsubscribe'],
      params: unsubscribeTokenParamsSchema,
      response: { 200: unsubscribeInfoSchema },
    };
    open.get(
      '/unsubscribe/:token',
      {
        config: { access: access.anyone, rateLimit: publicRateLimit },
        schema: {
          ...unsubscribeRoute,
          summary: 'Whose messages an unsubscribe link stops, to which contact',
        },
      },
      async (request) => getUnsubscribeInfo(ctx, request.params.token),
    );
    open.post(
      '/unsubscribe/:token',
      {
        config: { access: access.anyone, rateLimit: publicRateLimit, skipAntiForgery: true },
        schema: {
          ...unsubscribeRoute,
          summary: 'Unsubscribe the contact from every message of the workspace (idempotent, one-click)',
        },
      },
      async (request) => unsubscribe(ctx, request.params.token),
    );
  });
};
