import {
  loginSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  startupResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { clearSessionCookies, readSessionToken, setSessionCookies } from '../../http/request-context.js';
import {
  login,
  logout,
  passwordChangedMessage,
  requestPasswordReset,
  resetPassword,
  resetRequestedMessage,
} from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], security: [], body: loginSchema, response: { 200: startupResponseSchema } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const { token, startup, selected } = await login(ctx, request.body);
      setSessionCookies(ctx, reply, token, {
        accountId: startup.account.accountId,
        workspaceId: selected.workspaceId,
        customerId: selected.customerId,
      });
      return startup;
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], security: [] } }, async (request, reply) => {
    await logout(ctx, readSessionToken(request));
    clearSessionCookies(reply);
    return reply.status(204).send();
  });

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: passwordResetRequestSchema,
        response: { 202: messageResponseSchema },
      },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.emailAddress);
      return reply.status(202).send({ message: resetRequestedMessage });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: passwordResetConfirmSchema,
        response: { 200: messageResponseSchema },
      },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: passwordChangedMessage };
    },
  );
};
