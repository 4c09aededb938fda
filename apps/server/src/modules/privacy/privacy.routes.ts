import {
  eraseRespondentSchema,
  erasureResultSchema,
  privacyExportQuerySchema,
  privacyRespondentQuerySchema,
  privacyRespondentSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { eraseRespondent, searchRespondent } from './privacy.service.js';
import { exportRespondent } from './privacy-export.js';

/**
 * Privacy requests (docs/decisions/043-erasure-and-access-requests.md), for workspace admins in a
 * session: what is held about a respondent, its export (access request) and its erasure.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { tags: ['privacy'] };

  app.get(
    '/privacy/respondent',
    {
      config: { access: access.member('admin') },
      schema: {
        ...staff,
        summary: 'What the workspace holds about a respondent, by e-mail address or phone number (admins)',
        querystring: privacyRespondentQuerySchema,
        response: { 200: privacyRespondentSchema },
      },
    },
    async (request) => searchRespondent(ctx, actorOf(request), request.query.contact),
  );

  app.get(
    '/privacy/respondent/export',
    {
      config: { access: access.member('admin') },
      schema: {
        ...staff,
        summary:
          'Everything held about a respondent as a JSON document or a zip of CSV files (an access request; admins)',
        querystring: privacyExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportRespondent(ctx, actorOf(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/privacy/erasures',
    {
      config: { access: access.member('admin') },
      schema: {
        ...staff,
        summary:
          'Erase a respondent named by an address, a survey or a contact (admins); cannot be undone once done',
        body: eraseRespondentSchema,
        response: { 200: erasureResultSchema },
      },
    },
    async (request) => eraseRespondent(ctx, actorOf(request), request.body),
  );
};
