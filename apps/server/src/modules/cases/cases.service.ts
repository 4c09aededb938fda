import {
  type BulkCases,
  type Case,
  type CaseAssignees,
  type CaseDetail,
  type CaseFigures,
  type CasePerson,
  type CaseStatus,
  type CasesResponse,
  canMoveCase,
  caseStatusLabels,
  casesQuerySchema,
  type UpdateCase,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { dispatchMessages, type NewOutboxMessage, queueMessages } from '../delivery/delivery.service.js';
import { loadNotificationSettingsOf, loadPhoneCountry } from '../notifications/notifications.service.js';
import { dispatchWebhookDeliveries } from '../webhooks/webhooks.service.js';
import { findActiveMembers, findWorkspaceName } from '../workspaces/workspaces.service.js';
import { assignmentMessages } from './case-notices.js';
import { recordReplyFailures } from './case-reply-failures.js';
import { respondentOfRow, toCase, toCaseEvent, toPerson } from './case-view.js';
import { type CaseChanges, recordCasesUpdated } from './case-webhook-events.js';
import {
  type CaseListRow,
  type CaseRow,
  countOpenCases,
  findCaseEvents,
  findCaseFigures,
  findCasePage,
  findCaseRows,
  insertCaseEvents,
  lockCases,
  type NewCaseEventRow,
  updateCaseRow,
} from './cases.repository.js';

// Follow-up cases (decision 019): viewers read them, editors work them.

export const caseNotFoundMessage = 'Case not found';
const assigneeMessage = 'Choose an active editor or admin of this workspace.';

/** The members a case may be given to: active editors and admins (viewers only read cases). */
export async function findAssignees(db: Executor, workspaceId: string): Promise<Map<string, CasePerson>> {
  const members = await findActiveMembers(db, workspaceId);
  return new Map(
    members
      .filter((member) => member.role !== 'viewer')
      .map((member) => [member.accountId, toPerson(member)!]),
  );
}

/** `GET /cases/assignees`. */
export async function listCaseAssignees(ctx: AppContext, actor: WorkspaceActor): Promise<CaseAssignees> {
  return { assignees: [...(await findAssignees(ctx.db, actor.workspaceId)).values()] };
}

const dayMs = 24 * 60 * 60 * 1000;

/** `GET /cases`: filters and paging; `assignee=me` is the signed-in caller (an API key has none: 400). */
export async function listCases(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: unknown,
): Promise<CasesResponse> {
  const query = casesQuerySchema.parse(input);
  const now = ctx.now();
  if (query.assignee === 'me' && !actor.accountId) {
    throw invalid("An API key has no cases of its own: filter by a member's account id.", {
      assignee: 'An API key has no cases of its own',
    });
  }
  const assignee =
    query.assignee === 'me' ? actor.accountId : query.assignee === 'none' ? null : query.assignee;
  if (query.openedFrom && query.openedTo && query.openedTo < query.openedFrom) {
    throw invalid('The end date must not be before the start date', {
      openedTo: 'The end date must not be before the start date',
    });
  }
  const phoneCountry = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const { rows, total } = await findCasePage(
    ctx.db,
    {
      workspaceId: actor.workspaceId,
      status: query.status,
      assigneeAccountId: assignee,
      templateId: query.templateId,
      surveyId: query.surveyId,
      isOverdue: query.overdue === undefined ? undefined : query.overdue === 'true',
      openedFrom: query.openedFrom ? new Date(`${query.openedFrom}T00:00:00Z`) : undefined,
      openedBefore: query.openedTo ? new Date(Date.parse(`${query.openedTo}T00:00:00Z`) + dayMs) : undefined,
      now,
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    cases: rows.map((row) => toCase(row, now, phoneCountry)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

async function findCaseRow(db: Executor, actor: WorkspaceActor, id: string): Promise<CaseListRow> {
  const [row] = await findCaseRows(db, actor.workspaceId, [id]);
  if (!row) throw notFound(caseNotFoundMessage);
  return row;
}

/** `GET /cases/{id}`: the case with its history; a reply that finally failed is recorded first. */
export async function getCase(ctx: AppContext, actor: WorkspaceActor, id: string): Promise<CaseDetail> {
  const row = await findCaseRow(ctx.db, actor, id);
  await recordReplyFailures(ctx, [id]);
  const events = await findCaseEvents(ctx.db, id);
  const contacts: CaseDetail['contacts'] = row.contactMethods.map((method) =>
    method.contactMethodType === 'email'
      ? { channel: 'email', recipient: method.emailAddress }
      : { channel: 'sms', recipient: method.phoneNumber },
  );
  const tokens = Array.isArray(row.definitionProperties)
    ? (row.definitionProperties as { label: string }[]).map((property) => property.label)
    : [];
  const phoneCountry = await loadPhoneCountry(ctx.db, actor.workspaceId);
  return { ...toCase(row, ctx.now(), phoneCountry), events: events.map(toCaseEvent), contacts, tokens };
}

interface Change {
  status?: CaseStatus | undefined;
  /** undefined: unchanged; null: nobody. */
  assigneeId?: string | null | undefined;
}

function statusError(from: CaseStatus, to: CaseStatus) {
  const message = `A case that is ${caseStatusLabels[from]} cannot become ${caseStatusLabels[to]}.`;
  return invalid(message, { status: message });
}

/** A case as the audit log names it (notes and replies stay out of it: they may quote people). */
function caseTarget(row: CaseRow) {
  return { type: 'case', id: row.id, label: null };
}

/**
 * Applies one change to locked cases inside the caller's transaction: the rules, the rows, the
 * history. Answers the notifications to queue.
 */
async function applyChange(
  ctx: AppContext,
  tx: Executor,
  actor: WorkspaceActor,
  rows: CaseRow[],
  change: Change,
  now: Date,
): Promise<{ messages: NewOutboxMessage[]; webhookDeliveryIds: string[] }> {
  const assignees = change.assigneeId ? await findAssignees(tx, actor.workspaceId) : undefined;
  const assignee = change.assigneeId ? assignees?.get(change.assigneeId) : null;
  if (change.assigneeId && !assignee) throw invalid(assigneeMessage, { assigneeId: assigneeMessage });
  const events: NewCaseEventRow[] = [];
  const assigned: CaseRow[] = [];
  const changed: { row: CaseRow; changes: CaseChanges }[] = [];
  const actorAccountId = actor.accountId ?? null;
  for (const row of rows) {
    const update: Parameters<typeof updateCaseRow>[2] = {};
    if (change.status !== undefined && change.status !== row.status) {
      if (!canMoveCase(row.status, change.status)) throw statusError(row.status, change.status);
      update.status = change.status;
      update.resolvedAt = change.status === 'resolved' ? now : null;
      await recordAudit(ctx, tx, actor, 'case.status-changed', caseTarget(row), {
        before: { status: row.status },
        after: { status: change.status },
      });
      events.push({
        caseId: row.id,
        type: 'status_changed',
        actorAccountId,
        details: { from: row.status, to: change.status },
        createdAt: now,
      });
    }
    if (change.assigneeId !== undefined && change.assigneeId !== row.assigneeAccountId) {
      update.assigneeAccountId = change.assigneeId;
      await recordAudit(ctx, tx, actor, 'case.assigned', caseTarget(row), {
        before: { assigneeAccountId: row.assigneeAccountId },
        after: { assigneeAccountId: change.assigneeId },
      });
      events.push({
        caseId: row.id,
        type: 'assigned',
        actorAccountId,
        details: { assignee: assignee ?? null },
        createdAt: now,
      });
      if (assignee && assignee.accountId !== actorAccountId) assigned.push(row);
    }
    if (Object.keys(update).length > 0) {
      await updateCaseRow(tx, row.id, update, now);
      changed.push({
        row,
        changes: {
          ...(update.status === undefined ? {} : { status: { from: row.status, to: update.status } }),
          ...(update.assigneeAccountId === undefined
            ? {}
            : { assigneeAccountId: { from: row.assigneeAccountId, to: update.assigneeAccountId } }),
        },
      });
    }
  }
  await insertCaseEvents(tx, events);
  // Webhooks hear of each changed case in the same commit (decision 036).
  const webhookDeliveryIds = await recordCasesUpdated(ctx, tx, actor.workspaceId, changed, now);
  const messages =
    !assignee || assigned.length === 0
      ? []
      : await assignedNotices(ctx, tx, actor.workspaceId, assigned, assignee);
  return { messages, webhookDeliveryIds };
}

async function assignedNotices(
  ctx: AppContext,
  tx: Executor,
  workspaceId: string,
  rows: CaseRow[],
  assignee: CasePerson,
): Promise<NewOutboxMessage[]> {
  const [listed, workspaceName, settings] = await Promise.all([
    findCaseRows(
      tx,
      workspaceId,
      rows.map((row) => row.id),
    ),
    findWorkspaceName(tx, workspaceId),
    loadNotificationSettingsOf(tx, [workspaceId]),
  ]);
  const hasSlack = Boolean(settings.get(workspaceId)?.slackWebhookUrl);
  return listed.flatMap((row) =>
    assignmentMessages(ctx, {
      caseId: row.case.id,
      workspaceId,
      workspaceName,
      alertName: row.alertName,
      templateName: row.templateName,
      respondent: respondentOfRow(row, settings.get(workspaceId)?.phoneCountry),
      dueAt: row.case.dueAt,
      assignee,
      hasSlack,
    }),
  );
}

/** Runs a change on cases of the actor's workspace, all or nothing; another workspace's id is 404. */
async function changeCases(
  ctx: AppContext,
  actor: WorkspaceActor,
  ids: string[],
  change: Change,
): Promise<Case[]> {
  const unique = [...new Set(ids)];
  const now = ctx.now();
  const { outboxIds, webhookDeliveryIds } = await ctx.db.transaction(async (tx) => {
    const rows = await lockCases(tx, actor.workspaceId, unique);
    if (rows.length !== unique.length) throw notFound(caseNotFoundMessage);
    const applied = await applyChange(ctx, tx, actor, rows, change, now);
    return {
      outboxIds: await queueMessages(tx, applied.messages),
      webhookDeliveryIds: applied.webhookDeliveryIds,
    };
  });
  if (outboxIds.length > 0) await dispatchMessages(ctx, outboxIds);
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  const [listed, phoneCountry] = await Promise.all([
    findCaseRows(ctx.db, actor.workspaceId, unique),
    loadPhoneCountry(ctx.db, actor.workspaceId),
  ]);
  return listed.map((row) => toCase(row, ctx.now(), phoneCountry));
}

/** `PATCH /cases/{id}`: a status transition, an assignee, or both. */
export async function updateCase(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  body: UpdateCase,
): Promise<CaseDetail> {
  await changeCases(ctx, actor, [id], body);
  return getCase(ctx, actor, id);
}

/** `POST /cases/bulk`: assign or resolve many, all or nothing. Resolving a resolved case changes nothing. */
export async function bulkUpdateCases(
  ctx: AppContext,
  actor: WorkspaceActor,
  body: BulkCases,
): Promise<{ cases: Case[] }> {
  const change: Change = body.action === 'assign' ? { assigneeId: body.assigneeId } : { status: 'resolved' };
  return { cases: await changeCases(ctx, actor, body.caseIds, change) };
}

/** `POST /cases/{id}/notes`: an internal note in the history (never sent to anyone). */
export async function addCaseNote(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  note: string,
): Promise<CaseDetail> {
  const now = ctx.now();
  const webhookDeliveryIds = await ctx.db.transaction(async (tx) => {
    const [row] = await lockCases(tx, actor.workspaceId, [id]);
    if (!row) throw notFound(caseNotFoundMessage);
    await insertCaseEvents(tx, [
      {
        caseId: id,
        type: 'note',
        actorAccountId: actor.accountId ?? null,
        details: { note },
        createdAt: now,
      },
    ]);
    await updateCaseRow(tx, id, {}, now);
    await recordAudit(ctx, tx, actor, 'case.note-added', caseTarget(row));
    return recordCasesUpdated(ctx, tx, actor.workspaceId, [{ row, changes: { note: { text: note } } }], now);
  });
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  return getCase(ctx, actor, id);
}

/** `GET /cases/figures`: for the responses summary. */
export async function getCaseFigures(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string | undefined,
): Promise<CaseFigures> {
  const row = await findCaseFigures(ctx.db, actor.workspaceId, templateId);
  const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
  return {
    opened: row.opened,
    resolved: row.resolved,
    medianSecondsToFirstResponse: seconds(row.medianSecondsToFirstResponse),
    medianSecondsToResolution: seconds(row.medianSecondsToResolution),
  };
}

/** Open and overdue cases now, for the dashboard; `templateIds` narrows them to those templates. */
export function countOpenAndOverdueCases(
  db: Executor,
  workspaceId: string,
  now: Date,
  templateIds?: readonly string[],
): Promise<{ open: number; overdue: number }> {
  return countOpenCases(db, workspaceId, now, templateIds);
}
