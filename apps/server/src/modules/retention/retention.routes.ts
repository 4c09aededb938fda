import { retentionSettingsInputSchema, retentionSettingsSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { getRetentionSettings, setRetentionSettings } from './retention.service.js';

/** Settings → Data retention: admins only, session only (decision 044). */
export const retentionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/workspace/retention',
    {
      schema: {
        tags: ['retention'],
        summary: 'How long responses, unanswered surveys and message texts are kept, and the last run',
        response: { 200: retentionSettingsSchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => getRetentionSettings(ctx, actorOf(request)),
  );

  app.put(
    '/workspace/retention',
    {
      schema: {
        tags: ['retention'],
        summary: 'Change how long responses, unanswered surveys and message texts are kept (null: kept)',
        body: retentionSettingsInputSchema,
        response: { 200: retentionSettingsSchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => setRetentionSettings(ctx, actorOf(request), request.body),
  );
};
