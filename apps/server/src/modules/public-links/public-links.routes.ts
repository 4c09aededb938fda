import {
  createPublicLinkSchema,
  errorBodySchema,
  publicLinkListSchema,
  publicLinkSchema,
  startLinkSurveyReplySchema,
  startLinkSurveySchema,
  updatePublicLinkSchema,
} from '@graphium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { access, actorOf } from '../../http/access.js';
import { issueEmbedToken, readEmbedRequest } from '../surveys/embed-token.service.js';
import { qrCodeFile } from './link-qr.service.js';
import { startLinkSurvey } from './link-start.service.js';
import {
  createPublicLink,
  deletePublicLink,
  getPublicLink,
  listPublicLinks,
  updatePublicLink,
} from './public-links.service.js';

const tags = ['public links'];
const linkParams = z.object({ id: z.string() });

/**
 * Starting surveys through a link is public: limited per client address (PUBLIC_LINK_RATE_LIMIT a
 * minute), far above what a person does, so only scripts meet it (docs/decisions/024-public-links.md).
 */
function startRateLimit(ctx: AppContext) {
  return {
    max: ctx.config.publicLinkRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `public-link:${request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError('RATE_LIMITED', `Too many surveys started. Please try again in ${context.after}.`),
  };
}

/**
 * The browser's survey of each link: a signed cookie naming it, so a reload continues the same
 * survey and "one response per browser" can tell a second one.
 */
const browserCookiePath = '/api/s';
const browserCookieName = (linkId: string) => `graphium_link_${linkId.replaceAll('-', '')}`;
const browserCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

function readBrowserSurvey(request: FastifyRequest, slugCookies: Record<string, string | undefined>) {
  const surveys: Record<string, string> = {};
  for (const [name, raw] of Object.entries(slugCookies)) {
    if (!name.startsWith('graphium_link_') || !raw) continue;
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) surveys[name] = unsigned.value;
  }
  return surveys;
}

function setBrowserSurvey(ctx: AppContext, reply: FastifyReply, linkId: string, surveyId: string) {
  reply.setCookie(browserCookieName(linkId), surveyId, {
    path: browserCookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.cookieSecure,
    signed: true,
    maxAge: browserCookieMaxAgeSeconds,
  });
}

export const publicLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public-links',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: "A survey template's public links, with their visits, started and completed counts",
        querystring: z.object({ surveyTemplateId: z.uuid('Survey template not found') }),
        response: { 200: publicLinkListSchema },
      },
    },
    async (request) => listPublicLinks(ctx, actorOf(request), request.query.surveyTemplateId),
  );

  app.post(
    '/public-links',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Create a public link of a published template',
        body: createPublicLinkSchema,
        response: { 201: publicLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPublicLink(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/public-links/:id',
    {
      config: { access: access.workspace('read') },
      schema: { tags, params: linkParams, response: { 200: publicLinkSchema } },
    },
    async (request) => getPublicLink(ctx, actorOf(request), request.params.id),
  );

  app.put(
    '/public-links/:id',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: "Change a link's settings, its address included (the old address stops working)",
        params: linkParams,
        body: updatePublicLinkSchema,
        response: { 200: publicLinkSchema },
      },
    },
    async (request) => updatePublicLink(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/public-links/:id',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Delete a link that started no survey',
        params: linkParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => deletePublicLink(ctx, actorOf(request), request.params.id),
  );

  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/public-links/:id/qr.${format}`,
      {
        config: { access: access.workspace('read') },
        schema: {
          tags,
          summary: `The link's QR code (${format.toUpperCase()}), with the workspace logo when the link asks for it`,
          params: linkParams,
        },
      },
      async (request, reply) => {
        const file = await qrCodeFile(ctx, actorOf(request), request.params.id, format);
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.content);
      },
    );
  }

  app.post(
    '/s/:slug/surveys',
    {
      config: { access: access.anyone, rateLimit: startRateLimit(ctx), embedTransport: true },
      schema: {
        tags: ['respondent'],
        summary: "Start a survey through a public link (the link page's call)",
        description:
          "Counts a visit and, within the link's limits, creates a survey of the published version (or " +
          "answers the browser's unfinished one). `parameters` are the page's query: `email`/`phone` " +
          'carry a contact, the other keys fill hidden-field properties. An embedded page sends ' +
          '`X-Graphium-Embed` (`new` or its kept token) instead of cookies and gets `embedToken`, which ' +
          'its calls on the survey carry in that header (decision 024).',
        params: z.object({ slug: z.string() }),
        body: startLinkSurveySchema,
        response: {
          200: startLinkSurveyReplySchema,
          201: startLinkSurveyReplySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const status = (isNew: boolean) => (isNew ? 201 : 200);
      // An embedded page (decision 024) keeps its survey's token instead of the cookie.
      const embed = readEmbedRequest(ctx, request);
      if (embed) {
        const started = await startLinkSurvey(ctx, request.params.slug, request.body, {
          surveyIdOf: () => embed.surveyId,
        });
        const { surveyId } = started;
        return reply
          .status(status(started.isNew))
          .send({ surveyId, embedToken: issueEmbedToken(ctx, surveyId) });
      }
      const own = readBrowserSurvey(request, request.cookies);
      const started = await startLinkSurvey(ctx, request.params.slug, request.body, {
        surveyIdOf: (linkId) => own[browserCookieName(linkId)],
      });
      setBrowserSurvey(ctx, reply, started.linkId, started.surveyId);
      return reply.status(status(started.isNew)).send({ surveyId: started.surveyId });
    },
  );
};
