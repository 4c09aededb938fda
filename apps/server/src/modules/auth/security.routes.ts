import {
  accountSessionsSchema,
  changePasswordSchema,
  confirmTwoFactorSchema,
  deleteAccountSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  revokedSessionsSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@graphium/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { access, accountOf } from '../../http/access.js';
import { clearSessionCookies, readSessionToken } from '../../http/credentials.js';
import type { SignInLimiter } from '../../http/rate-limit.js';
import { hashToken } from '../../tokens.js';
import { deleteOwnAccount } from './account-deletion.service.js';
import {
  changePassword,
  listAccountSessions,
  revokeAccountSession,
  revokeOtherSessions,
} from './security.service.js';
import {
  beginTwoFactorEnrolment,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
} from './two-factor.service.js';

// Settings → Security (docs/decisions/018-two-factor-and-sessions.md). The enrolment routes stay
// open to a member whose workspace requires two-factor sign-in before they have it.

const currentTokenHash = (request: FastifyRequest) => hashToken(readSessionToken(request) ?? '');
/** A wrong code or password given to a signed-in change counts like a failed sign-in. */
const isWrongSecret = (error: unknown) => error instanceof AppError && error.code === 'VALIDATION';

export const securityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; limiter: SignInLimiter }> = async (
  app,
  { ctx, limiter },
) => {
  const guardSecret = <T>(request: FastifyRequest, run: () => Promise<T>) =>
    limiter.guard({ emailAddress: accountOf(request).emailAddress, ipAddress: request.ip }, run, {
      isFailure: isWrongSecret,
      isSignedIn: () => false,
    });

  app.get(
    '/auth/two-factor',
    {
      schema: { tags: ['auth'], response: { 200: twoFactorStatusSchema } },
      config: { access: access.account, duringTwoFactorEnrolment: true },
    },
    async (request) => getTwoFactorStatus(ctx, accountOf(request)),
  );

  app.post(
    '/auth/two-factor/enrolment',
    {
      schema: { tags: ['auth'], response: { 200: twoFactorEnrolmentSchema } },
      config: { access: access.account, duringTwoFactorEnrolment: true },
    },
    async (request) => beginTwoFactorEnrolment(ctx, accountOf(request)),
  );

  app.post(
    '/auth/two-factor/enrolment/confirm',
    {
      schema: { tags: ['auth'], body: confirmTwoFactorSchema, response: { 200: recoveryCodesSchema } },
      config: { access: access.account, duringTwoFactorEnrolment: true, signInLimited: true },
    },
    async (request) =>
      guardSecret(request, () => confirmTwoFactorEnrolment(ctx, accountOf(request), request.body)),
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ten new recovery codes (the old ones stop working), with a current code from the app',
        body: confirmTwoFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
      config: { access: access.account, signInLimited: true },
    },
    async (request) => guardSecret(request, () => renewRecoveryCodes(ctx, accountOf(request), request.body)),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      schema: { tags: ['auth'], body: disableTwoFactorSchema },
      config: { access: access.account, signInLimited: true },
    },
    async (request, reply) => {
      await guardSecret(request, () => disableTwoFactor(ctx, accountOf(request), request.body));
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: { tags: ['auth'], response: { 200: accountSessionsSchema } },
      config: { access: access.account },
    },
    async (request) => ({
      sessions: await listAccountSessions(ctx, accountOf(request), currentTokenHash(request)),
    }),
  );

  app.delete(
    '/auth/sessions/:sessionId',
    {
      schema: { tags: ['auth'], params: z.object({ sessionId: z.uuid('Unknown session') }) },
      config: { access: access.account },
    },
    async (request, reply) => {
      await revokeAccountSession(ctx, accountOf(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      schema: { tags: ['auth'], response: { 200: revokedSessionsSchema } },
      config: { access: access.account },
    },
    async (request) => ({
      revoked: await revokeOtherSessions(ctx, accountOf(request), currentTokenHash(request)),
    }),
  );

  app.post(
    '/auth/password',
    {
      schema: { tags: ['auth'], body: changePasswordSchema },
      config: { access: access.account, signInLimited: true },
    },
    async (request, reply) => {
      await guardSecret(request, () =>
        changePassword(ctx, accountOf(request), currentTokenHash(request), request.body),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/account/deletion',
    {
      schema: { tags: ['auth'], body: deleteAccountSchema },
      config: { access: access.account, signInLimited: true },
    },
    async (request, reply) => {
      await guardSecret(request, () => deleteOwnAccount(ctx, accountOf(request), request.body.password));
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );
};
