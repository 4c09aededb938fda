import { notificationSettingsSchema, updateNotificationSettingsBodySchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { getNotificationSettings, updateNotificationSettings } from './notifications.service.js';

/** Notification settings: any member reads them, admins change them. Session only. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/workspace/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "The workspace's Slack webhook, quiet hours, time zone and default country for phone numbers",
        response: { 200: notificationSettingsSchema },
      },
      config: { access: access.member() },
    },
    async (request) => getNotificationSettings(ctx, actorOf(request)),
  );

  app.put(
    '/workspace/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Change the Slack webhook (https, public addresses only), quiet hours, time zone or default phone country (admins); fields left out stay',
        body: updateNotificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => updateNotificationSettings(ctx, actorOf(request), request.body),
  );
};
