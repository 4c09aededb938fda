import { completeSignUpSchema, startupResponseSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, accountOf } from '../../http/access.js';
import { trustedReply, unchangingReply } from '../../http/trusted-reply.js';
import { completeProfile, getStartup } from './accounts.service.js';

// Signing up (`POST /accounts/`) starts a session, so the auth module serves it.
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/startup',
    {
      // Every page load asks for it: the service keeps its reply per session (never changed once
      // built), typed by the schema, so its JSON is written once too.
      serializerCompiler: trustedReply,
      schema: { tags: ['accounts'], response: { 200: startupResponseSchema } },
      config: { access: access.account, duringTwoFactorEnrolment: true },
    },
    async (request) =>
      unchangingReply(getStartup(ctx, accountOf(request), request.headers['x-workspace-id'])),
  );

  app.patch(
    '/accounts/me',
    {
      schema: { tags: ['accounts'], body: completeSignUpSchema, response: { 200: startupResponseSchema } },
      config: { access: access.account },
    },
    async (request) =>
      completeProfile(ctx, accountOf(request), request.body, request.headers['x-workspace-id']),
  );
};
