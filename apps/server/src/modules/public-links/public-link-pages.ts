import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { embedScript } from './embed-script.js';
import { findFrameOriginsBySlug } from './public-links.repository.js';

/**
 * The pages outside `/api` (docs/decisions/024-public-links.md): `/s/{slug}`, the respondent
 * page's shell (it starts the survey with a POST: a GET creates nothing), and `/embed.js`.
 * Only these link pages may be framed, by the sites the link lists; every other page keeps
 * `frame-ancestors 'none'`.
 */
export const publicLinkPages: FastifyPluginAsync<{ ctx: AppContext; pageHtml: string }> = async (
  app,
  { ctx, pageHtml },
) => {
  app.get<{ Params: { slug: string } }>('/s/:slug', { schema: { hide: true } }, async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    const origins = /^[a-z0-9-]{3,60}$/.test(slug) ? await findFrameOriginsBySlug(ctx.db, slug) : undefined;
    if (origins && origins.length > 0) {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${origins.join(' ')}`),
      );
      reply.removeHeader('x-frame-options');
    }
    if (!pageHtml) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: 'The web app is not built.' });
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(pageHtml);
  });

  app.get('/embed.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // Another site loads it in a <script> element: let it (helmet's default is same-origin).
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(embedScript),
  );
};
