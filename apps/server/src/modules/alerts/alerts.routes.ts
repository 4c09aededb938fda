import {
  surveyAlertIdParamsSchema,
  surveyAlertSchema,
  surveyAlertsResponseSchema,
  undeliveredAlertNotificationsSchema,
  updateSurveyAlertStatusSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { listUndeliveredAlertNotifications, retryAlertNotification } from './alert-notifications.service.js';
import { listSurveyAlerts, setSurveyAlertStatus } from './alerts.service.js';

/**
 * Survey alerts (docs/product-rules.md#alerts): any member lists them; editors and admins hide and show them.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = { tags: ['survey-alerts'] };

  app.get(
    '/survey-alerts/undelivered',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...schema,
        summary: "The workspace's alert notifications (e-mail, Slack) that finally failed, newest first",
        response: { 200: undeliveredAlertNotificationsSchema },
      },
    },
    async (request) => listUndeliveredAlertNotifications(ctx, actorOf(request)),
  );

  app.post(
    '/survey-alerts/undelivered/:outboxId/retry',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...schema,
        summary: 'Send a failed alert notification again',
        params: z.object({ outboxId: z.uuid('Notification not found') }),
        response: { 200: undeliveredAlertNotificationsSchema },
      },
    },
    async (request) => retryAlertNotification(ctx, actorOf(request), request.params.outboxId),
  );

  app.get(
    '/survey-alerts/',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...schema,
        summary: "The workspace's survey alerts, newest first, hidden ones included",
        response: { 200: surveyAlertsResponseSchema },
      },
    },
    async (request) => listSurveyAlerts(ctx, actorOf(request)),
  );

  app.patch(
    '/survey-alerts/:id/status',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...schema,
        summary: 'Hide (isActive false) or show again (true) a survey alert',
        params: surveyAlertIdParamsSchema,
        body: updateSurveyAlertStatusSchema,
        response: { 200: surveyAlertSchema },
      },
    },
    async (request) => setSurveyAlertStatus(ctx, actorOf(request), request.params.id, request.body.isActive),
  );
};
