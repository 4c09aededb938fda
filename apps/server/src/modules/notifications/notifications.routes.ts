import { notificationSettingsSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { hasRole, requireMember } from '../../http/request-context.js';
import {
  getNotificationSettings,
  notificationSettingsBodySchema,
  updateNotificationSettings,
} from './notifications.service.js';

function actorOf(member: Awaited<ReturnType<typeof requireMember>>) {
  return {
    workspaceId: member.membership.workspaceId,
    customerId: member.membership.customerId,
    accountId: member.account.accountId,
  };
}

/** Notification settings (issue 7): any member reads them, admins change them. Session only. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/workspace/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: "The workspace's Slack webhook, quiet hours and time zone",
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const member = await requireMember(ctx, request);
      const settings = await getNotificationSettings(ctx, actorOf(member));
      // The webhook URL is a credential (whoever has it posts to the channel): admins only.
      if (settings.slackWebhookUrl && !hasRole(member.membership.role, 'admin')) {
        settings.slackWebhookUrl = `${new URL(settings.slackWebhookUrl).origin}/…`;
      }
      return settings;
    },
  );

  app.put(
    '/workspace/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Change the Slack webhook (https, public addresses only), quiet hours or time zone (admins); fields left out stay',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const member = await requireMember(ctx, request, 'admin');
      return updateNotificationSettings(ctx, actorOf(member), request.body);
    },
  );
};
