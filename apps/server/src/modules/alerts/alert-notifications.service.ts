import { surveyAlertFallbackTitle, type UndeliveredAlertNotifications } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import {
  findOutboxMessage,
  findRecentFailedMessages,
  retryFailedMessage,
  toSurveyDelivery,
} from '../delivery/delivery.service.js';
import { findSurveyAlertNames } from './alerts.repository.js';

// Alert notifications whose delivery finally failed (Settings → Notifications): listed with their
// alert's name and sent again on request.

const alertPurpose = 'survey-alert';
const listedUndelivered = 50;

/** `GET /survey-alerts/undelivered`: alert notifications that finally failed, with their alert's name. */
export async function listUndeliveredAlertNotifications(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<UndeliveredAlertNotifications> {
  const messages = (
    await findRecentFailedMessages(ctx.db, actor.workspaceId, alertPurpose, listedUndelivered)
  ).filter((message) => message.surveyAlertId);
  const names = await findSurveyAlertNames(
    ctx.db,
    actor.workspaceId,
    messages.map((message) => message.surveyAlertId!),
  );
  return {
    notifications: messages.map((message) => ({
      ...toSurveyDelivery(message),
      surveyAlertId: message.surveyAlertId!,
      alertName: names.get(message.surveyAlertId!) ?? surveyAlertFallbackTitle,
    })),
  };
}

/** `POST /survey-alerts/undelivered/{outboxId}/retry`: sends a failed alert notification again. */
export async function retryAlertNotification(
  ctx: AppContext,
  actor: WorkspaceActor,
  outboxId: string,
): Promise<UndeliveredAlertNotifications> {
  const message = await findOutboxMessage(ctx.db, outboxId);
  if (!message || message.workspaceId !== actor.workspaceId || message.purpose !== alertPurpose) {
    throw notFound('Notification not found');
  }
  if (!(await retryFailedMessage(ctx, outboxId))) {
    throw conflict('Only a notification whose delivery failed can be sent again.');
  }
  return listUndeliveredAlertNotifications(ctx, actor);
}
