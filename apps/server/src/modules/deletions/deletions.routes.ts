import { deleteTemplateSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, memberOf } from '../../http/access.js';
import { deleteTemplate } from './template-deletion.service.js';

export const deletionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/template-deletions',
    {
      schema: {
        tags: ['survey templates'],
        body: deleteTemplateSchema.extend({ surveyTemplateId: z.uuid('Survey template not found') }),
        response: {
          200: z.object({
            surveys: z.number().int(),
            completedSurveys: z.number().int(),
            versions: z.number().int(),
          }),
        },
      },
      config: { access: access.member('admin') },
    },
    async (request) =>
      deleteTemplate(ctx, memberOf(request), request.body.surveyTemplateId, request.body.confirmation),
  );
};
