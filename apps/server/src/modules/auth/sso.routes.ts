import {
  messageResponseSchema,
  ssoConnectionTestSchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  ssoStartBodySchema,
  ssoStartResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import {
  clearSsoFlowCookie,
  readSsoFlowCookie,
  setSessionCookies,
  setSsoFlowCookie,
} from '../../http/credentials.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { clientOf } from './client-info.js';
import {
  completeSsoSignIn,
  type SsoFlow,
  SsoSignInFailure,
  ssoFlowLifetimeMs,
  startSsoSignIn,
} from './sso.service.js';
import {
  getSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  testSsoConnection,
} from './sso-settings.service.js';

const flowSchema = z.object({
  connectionId: z.uuid(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  expiresAt: z.number(),
});

function readFlow(raw: unknown): SsoFlow | undefined {
  const parsed = flowSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

const admins = { access: access.member('admin') };
const tags = ['single sign-on'];

/** Single sign-on with OpenID Connect (docs/decisions/045-single-sign-on.md). */
export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/sso/start',
    {
      schema: {
        tags,
        summary: "Start a sign-in at the identity provider of the work address's domain",
        description:
          'Answers the address to send the browser to; the provider sends it back to `/api/auth/sso/callback`.',
        body: ssoStartBodySchema,
        response: { 200: ssoStartResponseSchema },
      },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const { redirectUrl, flow } = await startSsoSignIn(ctx, request.body.emailAddress);
      setSsoFlowCookie(ctx, reply, flow, ssoFlowLifetimeMs);
      return { redirectUrl };
    },
  );

  app.get(
    '/auth/sso/callback',
    {
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back (redirects to the app)',
        description:
          'Opens the session and redirects to `/dashboard`; on a refusal redirects to `/sign-in?sso-error=CODE`.',
      },
      config: { access: access.anyone, rateLimit: authRateLimit(ctx) },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      clearSsoFlowCookie(reply);
      try {
        const signedIn = await completeSsoSignIn(
          ctx,
          readFlow(readSsoFlowCookie(request)),
          query,
          clientOf(request),
        );
        setSessionCookies(ctx, reply, signedIn.token, {
          accountId: signedIn.startup.account.accountId,
          workspaceId: signedIn.selected.workspaceId,
          customerId: signedIn.selected.customerId,
        });
        return reply.redirect('/dashboard', 302);
      } catch (error) {
        if (!(error instanceof SsoSignInFailure)) throw error;
        return reply.redirect(`/sign-in?sso-error=${error.reason}`, 302);
      }
    },
  );

  app.get(
    '/customers/sso',
    {
      schema: {
        tags,
        summary: "The business's single sign-on settings (admins); the client secret is never answered",
        response: { 200: ssoSettingsSchema },
      },
      config: admins,
    },
    async (request) => getSsoSettings(ctx, actorOf(request)),
  );

  app.put(
    '/customers/sso',
    {
      schema: {
        tags,
        summary: "Set the business's OpenID Connect sign-in (admins)",
        description:
          'A client secret left out keeps the saved one. People signing in for the first time join the workspace this is saved from, with `defaultRole`.',
        body: ssoSettingsBodySchema,
        response: { 200: ssoSettingsSchema },
      },
      config: admins,
    },
    async (request) => saveSsoSettings(ctx, actorOf(request), request.body),
  );

  app.delete(
    '/customers/sso',
    {
      schema: { tags, summary: 'Turn single sign-on off (admins)', response: { 200: messageResponseSchema } },
      config: admins,
    },
    async (request) => {
      await removeSsoSettings(ctx, actorOf(request));
      return { message: 'Single sign-on was turned off.' };
    },
  );

  app.post(
    '/customers/sso/test',
    {
      schema: {
        tags,
        summary: "Read the saved issuer's discovery document (admins)",
        response: { 200: ssoConnectionTestSchema },
      },
      config: admins,
    },
    async (request) => testSsoConnection(ctx, actorOf(request)),
  );
};
