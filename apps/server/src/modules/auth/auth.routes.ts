import {
  loginSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpSchema,
  startupResponseSchema,
  twoFactorChallengeSchema,
  twoFactorSignInSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import {
  clearSessionCookies,
  clearSignInChallengeCookie,
  readSessionToken,
  readSignInChallenge,
  setSessionCookies,
  setSignInChallengeCookie,
} from '../../http/credentials.js';
import { authRateLimit, rateLimitNamespace, SignInLimiter } from '../../http/rate-limit.js';
import {
  completeTwoFactorSignIn,
  findChallengedAccount,
  login,
  logout,
  passwordChangedMessage,
  requestPasswordReset,
  resetPassword,
  resetRequestedMessage,
  type SignedIn,
  signInChallengeLifetimeMs,
  signUp,
  twoFactorStepMessage,
} from './auth.service.js';
import { clientOf } from './client-info.js';
import { securityRoutes } from './security.routes.js';
import { ssoRoutes } from './sso.routes.js';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; rateLimitStore?: Redis }> = async (
  app,
  { ctx, rateLimitStore },
) => {
  // Sign-in failures, counted per account and per address (docs/decisions/018-two-factor-and-sessions.md).
  const limiter = new SignInLimiter(ctx.now, rateLimitStore, rateLimitNamespace(ctx.config.sessionSecret));

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
      const signedIn = await signUp(ctx, request.body, clientOf(request));
      startSessionCookies(reply, signedIn);
      return reply.status(201).send(signedIn.startup);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: startupResponseSchema, 202: twoFactorChallengeSchema },
      },
      config: { access: access.anyone, signInLimited: true },
    },
    async (request, reply) => {
      const result = await limiter.guard(
        { emailAddress: request.body.emailAddress, ipAddress: request.ip },
        () => login(ctx, request.body, clientOf(request)),
        { isSignedIn: (outcome) => 'signedIn' in outcome },
      );
      if ('challengeToken' in result) {
        setSignInChallengeCookie(ctx, reply, result.challengeToken, signInChallengeLifetimeMs);
        return reply.status(202).send({ nextStep: 'two-factor', message: twoFactorStepMessage });
      }
      startSessionCookies(reply, result.signedIn);
      return result.signedIn.startup;
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: { tags: ['auth'], body: twoFactorSignInSchema, response: { 200: startupResponseSchema } },
      config: { access: access.anyone, signInLimited: true },
    },
    async (request, reply) => {
      const challengeToken = readSignInChallenge(request);
      const { emailAddress } = await findChallengedAccount(ctx, challengeToken);
      const signedIn = await limiter.guard({ emailAddress, ipAddress: request.ip }, () =>
        completeTwoFactorSignIn(ctx, challengeToken, request.body, clientOf(request)),
      );
      clearSignInChallengeCookie(reply);
      startSessionCookies(reply, signedIn);
      return signedIn.startup;
    },
  );

  await app.register(securityRoutes, { ctx, limiter });
  await app.register(ssoRoutes, { ctx });

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
