import {
  type CreateRecurringSendInput,
  createRecurringSendSchema,
  type RecurringSend,
  type RecurringSendsResponse,
  type UpdateRecurringSendInput,
  updateRecurringSendSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { findSegmentName } from '../contacts/contact-segments.service.js';
import { loadNotificationSettingsOf } from '../notifications/notifications.service.js';
import { sendToSegment } from '../surveys/surveys.service.js';
import { findSurveyTemplateById, findTemplateVersions } from '../templates/template-versions.service.js';
import { findWorkspacesById } from '../workspaces/workspaces.service.js';
import { firstRunAfter, nextRunAfter, type WorkspaceClock } from './recurring-schedule.js';
import {
  changeRecurringSend,
  claimRun,
  deleteRecurringSend,
  findDueRecurringSends,
  findRecurringSend,
  findRecurringSends,
  insertRecurringSend,
  type RecurringSendRow,
  type RecurringSendWithNames,
  recordRun,
  releaseRun,
} from './recurring-sends.repository.js';

const recurringSendNotFound = () => notFound('Recurring send not found');

function toRecurringSend({ row, templateName, segmentName }: RecurringSendWithNames): RecurringSend {
  return {
    recurringSendId: row.id,
    surveyTemplateId: row.templateId,
    templateName,
    segmentId: row.segmentId,
    segmentName,
    every: row.every,
    period: row.period,
    sendTime: row.sendTime,
    status: row.status,
    nextRunAt: row.status === 'active' ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

async function clockOf(ctx: AppContext, workspaceId: string): Promise<WorkspaceClock> {
  const settings = (await loadNotificationSettingsOf(ctx.db, [workspaceId])).get(workspaceId)!;
  return { timeZone: settings.timeZone, quietHours: settings.quietHours };
}

/** `GET /contacts/recurring-sends`. */
export async function listRecurringSends(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<RecurringSendsResponse> {
  return { recurringSends: (await findRecurringSends(ctx.db, actor.workspaceId)).map(toRecurringSend) };
}

/**
 * `POST /contacts/recurring-sends`: the workspace's own survey template and segment (400
 * otherwise, naming the field); the first run is the next send time outside quiet hours.
 */
export async function createRecurringSend(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: CreateRecurringSendInput,
): Promise<RecurringSend> {
  const fields = createRecurringSendSchema.parse(input);
  const template = await findSurveyTemplateById(ctx.db, fields.surveyTemplateId);
  if (!template || template.workspaceId !== actor.workspaceId) {
    throw invalid('Choose a survey template of this workspace', {
      surveyTemplateId: 'Survey template not found',
    });
  }
  if (!(await findSegmentName(ctx, actor.workspaceId, fields.segmentId))) {
    throw invalid('Choose a segment of this workspace', { segmentId: 'Segment not found' });
  }
  const now = ctx.now();
  const nextRunAt = firstRunAfter(now, fields, await clockOf(ctx, actor.workspaceId));
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertRecurringSend(tx, {
      workspaceId: actor.workspaceId,
      templateId: fields.surveyTemplateId,
      segmentId: fields.segmentId,
      every: fields.every,
      period: fields.period,
      sendTime: fields.sendTime,
      status: 'active',
      nextRunAt,
      createdByAccountId: actor.accountId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(ctx, tx, actor, 'recurring-send.created', {
      type: 'recurring-send',
      id: row.id,
      label: template.name,
    });
    return row.id;
  });
  return toRecurringSend((await findRecurringSend(ctx.db, actor.workspaceId, id))!);
}

/** `PATCH /contacts/recurring-sends/{id}`: pause, or resume from the next send time after now. */
export async function updateRecurringSend(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  input: UpdateRecurringSendInput,
): Promise<RecurringSend> {
  if (!isUuid(id)) throw recurringSendNotFound();
  const parsed = updateRecurringSendSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'Send a change';
    throw invalid(message, issue?.path.length ? { [issue.path.join('.')]: message } : undefined);
  }
  const changes = parsed.data;
  const found = await findRecurringSend(ctx.db, actor.workspaceId, id);
  if (!found) throw recurringSendNotFound();
  if (changes.segmentId && !(await findSegmentName(ctx, actor.workspaceId, changes.segmentId))) {
    throw invalid('Choose a segment of this workspace', { segmentId: 'Segment not found' });
  }
  const { row } = found;
  const schedule = {
    segmentId: changes.segmentId ?? row.segmentId,
    every: changes.every ?? row.every,
    period: changes.period ?? row.period,
    sendTime: changes.sendTime ?? row.sendTime,
  };
  const status = changes.status ?? row.status;
  const isRescheduled =
    schedule.every !== row.every || schedule.period !== row.period || schedule.sendTime !== row.sendTime;
  const now = ctx.now();
  // A new cadence, or a resume, counts from now; otherwise the next run stays as it was.
  const nextRunAt =
    status !== 'active'
      ? null
      : isRescheduled || row.status !== 'active'
        ? firstRunAfter(now, schedule, await clockOf(ctx, actor.workspaceId))
        : row.nextRunAt;
  await ctx.db.transaction(async (tx) => {
    await changeRecurringSend(tx, actor.workspaceId, id, { ...schedule, status, nextRunAt, updatedAt: now });
    const target = { type: 'recurring-send', id, label: found.templateName };
    if (status !== row.status) {
      const action = status === 'active' ? 'recurring-send.resumed' : 'recurring-send.paused';
      await recordAudit(ctx, tx, actor, action, target);
    }
    const before = { segmentId: row.segmentId, every: row.every, period: row.period, sendTime: row.sendTime };
    if (JSON.stringify(before) !== JSON.stringify(schedule)) {
      await recordAudit(ctx, tx, actor, 'recurring-send.changed', target, { before, after: schedule });
    }
  });
  return toRecurringSend((await findRecurringSend(ctx.db, actor.workspaceId, id))!);
}

/** `DELETE /contacts/recurring-sends/{id}`. */
export async function removeRecurringSend(ctx: AppContext, actor: WorkspaceActor, id: string): Promise<void> {
  if (!isUuid(id)) throw recurringSendNotFound();
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteRecurringSend(tx, actor.workspaceId, id))) throw recurringSendNotFound();
    await recordAudit(ctx, tx, actor, 'recurring-send.deleted', { type: 'recurring-send', id });
  });
}

/** One due run: the template's published version to the segment's members now, as its creator. */
async function runOnce(
  ctx: AppContext,
  row: RecurringSendRow,
): Promise<{ created: number; skipped: number }> {
  const published = (await findTemplateVersions(ctx.db, row.templateId)).find(
    (version) => version.state === 'PUBLISHED',
  );
  if (!published) throw invalid('The template has no published version: nothing was sent.');
  const workspace = (await findWorkspacesById(ctx.db, [row.workspaceId])).get(row.workspaceId);
  if (!workspace) throw invalid('The workspace no longer exists.');
  const actor: WorkspaceActor = {
    workspaceId: row.workspaceId,
    customerId: workspace.customerId,
    ...(row.createdByAccountId ? { accountId: row.createdByAccountId } : {}),
  };
  const result = await sendToSegment(ctx, actor, {
    surveyTemplateVersionId: published.id,
    segmentId: row.segmentId,
  });
  return { created: result.created, skipped: result.failed.length };
}

/**
 * The recurring-sends job (every minute): each due run is claimed by moving its next run on, then
 * sent. A run refused for a reason of its own (no published version, an empty or too large segment)
 * is recorded and skipped; any other failure gives the run back, so the job's retry or the next
 * sweep sends it (contacts already sent to are then held back by the fatigue rule).
 */
export async function runDueRecurringSends(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await findDueRecurringSends(ctx.db, now, 20);
  let ran = 0;
  for (const row of due) {
    const dueAt = row.nextRunAt!;
    const next = nextRunAfter(dueAt, now, row, await clockOf(ctx, row.workspaceId));
    if (!(await claimRun(ctx.db, row.id, dueAt, next, now))) continue;
    ran += 1;
    try {
      await recordRun(ctx.db, row.id, { lastResult: await runOnce(ctx, row), lastError: null });
    } catch (error) {
      if (error instanceof AppError && error.code !== 'UNAVAILABLE' && error.code !== 'INTERNAL') {
        await recordRun(ctx.db, row.id, { lastResult: null, lastError: error.message });
        continue;
      }
      await releaseRun(ctx.db, row.id, dueAt, next);
      throw error;
    }
  }
  return ran;
}
