import { completeSignUpSchema, signUpSchema, startupResponseSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { requireAccount, setSessionCookies } from '../../http/request-context.js';
import { trustedReply } from '../../http/trusted-reply.js';
import { completeProfile, getStartup, signUp } from './accounts.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/startup',
    {
      // Every page load asks for it: the service builds the reply, typed by the schema.
      serializerCompiler: trustedReply,
      schema: { tags: ['accounts'], response: { 200: startupResponseSchema } },
    },
    async (request) => {
      const account = await requireAccount(ctx, request);
      return getStartup(ctx, account, request.headers['x-workspace-id']);
    },
  );

  app.post(
    '/accounts/',
    {
      schema: {
        tags: ['accounts'],
        security: [],
        body: signUpSchema,
        response: { 201: startupResponseSchema },
      },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const { token, startup, selected } = await signUp(ctx, request.body);
      setSessionCookies(ctx, reply, token, {
        accountId: startup.account.accountId,
        workspaceId: selected.workspaceId,
        customerId: selected.customerId,
      });
      return reply.status(201).send(startup);
    },
  );

  app.patch(
    '/accounts/me',
    { schema: { tags: ['accounts'], body: completeSignUpSchema, response: { 200: startupResponseSchema } } },
    async (request) => {
      const account = await requireAccount(ctx, request);
      return completeProfile(ctx, account, request.body, request.headers['x-workspace-id']);
    },
  );
};
