import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { FiredAlert } from '../alerts/alerts.service.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { type NewOutboxMessage, queueMessages } from '../delivery/delivery.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { assignmentMessages } from './case-notices.js';
import { respondentOfRow } from './case-view.js';
import { findCaseRows, insertCase, insertCaseEvents, type NewCaseEventRow } from './cases.repository.js';
import { findAssignees } from './cases.service.js';

const hourMs = 60 * 60 * 1000;

/**
 * Opens a case for each survey alert just fired, in the completing transaction (decision 019): one
 * per survey alert (a second call opens nothing), given to the alert's default assignee when that is
 * still an active editor or admin, due after the alert's response time. Answers the outbox ids of the
 * assignees' notifications, to dispatch after the commit.
 */
export async function openCasesForFiredAlerts(
  ctx: AppContext,
  tx: Executor,
  fired: FiredAlert[],
  now: Date,
): Promise<string[]> {
  const messages: NewOutboxMessage[] = [];
  for (const item of fired) {
    const assignees = await findAssignees(tx, item.workspaceId);
    const assignee = item.alert.defaultAssigneeId ? assignees.get(item.alert.defaultAssigneeId) : undefined;
    const opened = await insertCase(tx, {
      workspaceId: item.workspaceId,
      surveyAlertId: item.surveyAlertId,
      surveyId: item.surveyId,
      templateId: item.templateId,
      status: 'open',
      assigneeAccountId: assignee?.accountId ?? null,
      dueAt: item.alert.responseHours ? new Date(now.getTime() + item.alert.responseHours * hourMs) : null,
      openedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!opened) continue;
    await recordAuditEvent(ctx, tx, {
      workspaceId: item.workspaceId,
      who: { kind: 'system', label: 'Alert' },
      action: 'case.opened',
      target: { type: 'case', id: opened.id },
      details: { surveyId: item.surveyId, assigneeAccountId: assignee?.accountId ?? null },
    });
    const events: NewCaseEventRow[] = [
      { caseId: opened.id, type: 'created', actorAccountId: null, details: {}, createdAt: now },
    ];
    if (assignee) {
      events.push({
        caseId: opened.id,
        type: 'assigned',
        actorAccountId: null,
        details: { assignee },
        createdAt: now,
      });
    }
    await insertCaseEvents(tx, events);
    if (!assignee) continue;
    const [row] = await findCaseRows(tx, item.workspaceId, [opened.id]);
    const phoneCountry = await loadPhoneCountry(tx, item.workspaceId);
    messages.push(
      ...assignmentMessages(ctx, {
        caseId: opened.id,
        workspaceId: item.workspaceId,
        workspaceName: item.workspaceName,
        alertName: item.alert.name,
        templateName: item.templateName,
        respondent: row ? respondentOfRow(row, phoneCountry) : '',
        dueAt: opened.dueAt,
        assignee,
        hasSlack: Boolean(item.slackWebhookUrl),
      }),
    );
  }
  return queueMessages(tx, messages);
}
