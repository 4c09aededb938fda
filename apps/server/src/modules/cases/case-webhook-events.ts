import type { CaseStatus } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { recordWebhookEvents } from '../webhooks/webhooks.service.js';
import type { CaseRow } from './cases.repository.js';

// `case.updated` (decisions 036 and 047): one event per case for every change made to it, in the
// transaction that makes it: status, assignee, an internal note, a reply to the respondent, an
// escalation. `changes` says which.

export interface CaseChanges {
  status?: { from: CaseStatus; to: CaseStatus };
  assigneeAccountId?: { from: string | null; to: string | null };
  /** An internal note was added (its text, as the case page shows it to members). */
  note?: { text: string };
  /** A reply went to the respondent (the channel; the message stays in the case's history). */
  reply?: { channel: 'email' | 'sms' };
  /** The case passed its due time and the admins were told. */
  escalated?: { at: string };
}

/** `case.updated`'s data: the case as it is now and what changed. */
function caseUpdatedData(row: CaseRow, changes: CaseChanges, now: Date): Record<string, unknown> {
  return {
    caseId: row.id,
    surveyAlertId: row.surveyAlertId,
    surveyId: row.surveyId,
    status: changes.status?.to ?? row.status,
    assigneeAccountId: changes.assigneeAccountId ? changes.assigneeAccountId.to : row.assigneeAccountId,
    dueAt: row.dueAt?.toISOString() ?? null,
    changes,
    updatedAt: now.toISOString(),
  };
}

/**
 * Records `case.updated` for each changed case of one workspace in the caller's transaction;
 * answers the deliveries to dispatch after the commit.
 */
export async function recordCasesUpdated(
  ctx: AppContext,
  tx: Executor,
  workspaceId: string,
  changed: { row: CaseRow; changes: CaseChanges }[],
  now: Date,
): Promise<string[]> {
  if (changed.length === 0) return [];
  return recordWebhookEvents(ctx, tx, {
    workspaceId,
    type: 'case.updated',
    data: () => changed.map(({ row, changes }) => caseUpdatedData(row, changes, now)),
  });
}
