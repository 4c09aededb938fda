import {
  loginSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpSchema,
  startupResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { clearSessionCookies, readSessionToken, setSessionCookies } from '../../http/credentials.js';
import { authRateLimit } from '../../http/rate-limit.js';
import {
  login,
  logout,
  passwordChangedMessage,
  requestPasswordReset,
  resetPassword,
  resetRequestedMessage,
  type SignedIn,
  signUp,
} from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const startSessionCookies = (reply: Parameters<typeof setSessionCookies>[1], signedIn: SignedIn) =>
    setSessionCookies(ctx, reply, signedIn.token, {
      accountId: signedIn.startup.account.accountId,
      workspaceId: signedIn.selected.workspaceId,
      customerId: signedIn.selected.customerId,
    });

  app.post(
    '/accounts/',
    {
      schema: { tags: ['accounts'], body: signUpSchema, response: { 201: startupResponseSchema } },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const signedIn = await signUp(ctx, request.body, request.ip);
      startSessionCookies(reply, signedIn);
      return reply.status(201).send(signedIn.startup);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginSchema, response: { 200: startupResponseSchema } },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const signedIn = await login(ctx, request.body, request.ip);
      startSessionCookies(reply, signedIn);
      return signedIn.startup;
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'] }, config: { access: access.anyone } },
    async (request, reply) => {
      await logout(ctx, readSessionToken(request));
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password-reset',
    {
      schema: { tags: ['auth'], body: passwordResetRequestSchema, response: { 202: messageResponseSchema } },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
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
        body: passwordResetConfirmSchema,
        response: { 200: messageResponseSchema },
      },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: passwordChangedMessage };
    },
  );
};
