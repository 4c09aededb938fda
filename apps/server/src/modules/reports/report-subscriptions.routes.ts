import {
  createReportSubscriptionBodySchema,
  digestUnsubscribeInfoSchema,
  digestUnsubscribeParamsSchema,
  listReportSubscriptionsQuerySchema,
  reportSubscriptionParamsSchema,
  reportSubscriptionSchema,
  reportSubscriptionsReplySchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { access, actorOf } from '../../http/access.js';
import {
  createReportSubscription,
  deleteReportSubscription,
  getDigestUnsubscribeInfo,
  listReportSubscriptions,
  unsubscribeDigest,
} from './report-subscriptions.service.js';

const publicRateLimit = {
  max: 30,
  timeWindow: '1 minute',
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
};

/**
 * E-mail digests (docs/decisions/031-scheduled-reports.md): any member lists, creates and ends
 * their own; admins also those of other members (the service holds that rule). Sessions only:
 * a digest belongs to a person. And the public unsubscribe calls behind each digest's link.
 */
export const reportSubscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['reports'];

  app.get(
    '/report-subscriptions',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: "Your digest subscriptions, or with who=workspace every member's (admins)",
        querystring: listReportSubscriptionsQuerySchema,
        response: { 200: reportSubscriptionsReplySchema },
      },
    },
    async (request) => listReportSubscriptions(ctx, actorOf(request), request.query),
  );

  app.post(
    '/report-subscriptions',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary:
          "Subscribe to a template's (or the dashboard's) weekly or monthly digest; admins may subscribe another member",
        body: createReportSubscriptionBodySchema,
        response: { 201: reportSubscriptionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReportSubscription(ctx, actorOf(request), request.body)),
  );

  app.delete(
    '/report-subscriptions/:reportSubscriptionId',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'End a digest: your own, or any member’s (admins)',
        params: reportSubscriptionParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteReportSubscription(ctx, actorOf(request), request.params.reportSubscriptionId);
      return reply.status(204).send();
    },
  );

  // Public: the signed token in the digest's link is the only credential.
  await app.register(async (plugin) => {
    const open = plugin.withTypeProvider<ZodTypeProvider>();
    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a form; the body is not needed.
    open.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    const route = {
      tags,
      params: digestUnsubscribeParamsSchema,
      response: { 200: digestUnsubscribeInfoSchema },
    };
    open.get(
      '/report-subscriptions/unsubscribe/:token',
      {
        config: { access: access.anyone, rateLimit: publicRateLimit },
        schema: { ...route, summary: 'Which digest an unsubscribe link ends' },
      },
      async (request) => getDigestUnsubscribeInfo(ctx, request.params.token),
    );
    open.post(
      '/report-subscriptions/unsubscribe/:token',
      {
        config: { access: access.anyone, rateLimit: publicRateLimit, skipAntiForgery: true },
        schema: { ...route, summary: 'End the digest the link names (idempotent, one-click)' },
      },
      async (request) => unsubscribeDigest(ctx, request.params.token),
    );
  });
};
