import type { AppContext } from '../../context.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { dispatchMessages, type NewOutboxMessage, queueMessages } from '../delivery/delivery.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { dispatchWebhookDeliveries } from '../webhooks/webhooks.service.js';
import { findActiveMembers, findWorkspaceName } from '../workspaces/workspaces.service.js';
import { escalationMessages } from './case-notices.js';
import { recordRecentReplyFailures } from './case-reply-failures.js';
import { respondentOfRow, toPerson } from './case-view.js';
import { recordCasesUpdated } from './case-webhook-events.js';
import {
  claimOverdueCases,
  findCaseRows,
  insertCaseEvents,
  type NewCaseEventRow,
} from './cases.repository.js';

const batchSize = 100;

/**
 * Escalates each overdue case once (decision 019): still Open or In progress after its due time, it
 * is marked escalated and the workspace's admins are told by e-mail. Claimed and recorded in one
 * transaction, so a case is escalated once whatever the number of workers.
 */
export async function escalateOverdueCases(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const { count, outboxIds, webhookDeliveryIds } = await ctx.db.transaction(async (tx) => {
    const deliveryIds: string[] = [];
    const claimed = await claimOverdueCases(tx, now, batchSize);
    const messages: NewOutboxMessage[] = [];
    const events: NewCaseEventRow[] = [];
    const byWorkspace = new Map<string, typeof claimed>();
    for (const row of claimed)
      byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
    for (const [workspaceId, rows] of byWorkspace) {
      const [members, workspaceName, phoneCountry, listed] = await Promise.all([
        findActiveMembers(tx, workspaceId),
        findWorkspaceName(tx, workspaceId),
        loadPhoneCountry(tx, workspaceId),
        findCaseRows(
          tx,
          workspaceId,
          rows.map((row) => row.id),
        ),
      ]);
      const admins = members.filter((member) => member.role === 'admin').map((member) => member.emailAddress);
      const escalated = { escalated: { at: now.toISOString() } };
      deliveryIds.push(
        ...(await recordCasesUpdated(
          ctx,
          tx,
          workspaceId,
          rows.map((row) => ({ row, changes: escalated })),
          now,
        )),
      );
      for (const row of listed) {
        await recordAuditEvent(ctx, tx, {
          workspaceId,
          who: { kind: 'system', label: 'Overdue cases job' },
          action: 'case.escalated',
          target: { type: 'case', id: row.case.id },
          details: { admins: admins.length },
        });
        events.push({
          caseId: row.case.id,
          type: 'escalated',
          actorAccountId: null,
          details: { escalatedTo: admins },
          createdAt: now,
        });
        messages.push(
          ...escalationMessages(ctx, {
            caseId: row.case.id,
            workspaceId,
            workspaceName,
            alertName: row.alertName,
            templateName: row.templateName,
            respondent: respondentOfRow(row, phoneCountry),
            dueAt: row.case.dueAt,
            assigneeName: toPerson(row.assignee)?.name ?? 'nobody',
            admins,
          }),
        );
      }
    }
    await insertCaseEvents(tx, events);
    return {
      count: claimed.length,
      outboxIds: await queueMessages(tx, messages),
      webhookDeliveryIds: deliveryIds,
    };
  });
  if (outboxIds.length > 0) await dispatchMessages(ctx, outboxIds);
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  return count;
}

/** The minute's job: overdue cases escalated, failed replies recorded. */
export async function runCaseFollowUpJob(ctx: AppContext): Promise<void> {
  while ((await escalateOverdueCases(ctx)) === batchSize) {
    // More were due than one batch holds: go on until none is left.
  }
  await recordRecentReplyFailures(ctx);
}
