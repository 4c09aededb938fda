import {
  surveyAlertIdParamsSchema,
  surveyAlertSchema,
  surveyAlertsResponseSchema,
  updateSurveyAlertStatusSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { listSurveyAlerts, setSurveyAlertStatus } from './alerts.service.js';

/**
 * Survey alerts (docs/product-rules.md#alerts): any member lists them; editors and admins hide and show them.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = { tags: ['survey-alerts'] };

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
