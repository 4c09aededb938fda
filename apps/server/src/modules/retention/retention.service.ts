import {
  defaultOutboxBodyDays,
  type RetentionRunReport,
  type RetentionSettings,
  type RetentionSettingsInput,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { recordAudit, recordAuditEvent } from '../audit/audit.service.js';
import { removeSurveys } from '../responses/survey-removal.service.js';
import {
  eraseOutboxBodies,
  findOldAnsweredSurveys,
  findOldUnansweredSurveys,
  findRetention,
  findWorkspacesToRetain,
  recordRetentionRun,
  upsertRetention,
} from './retention.repository.js';

// Retention (docs/decisions/044-retention-and-deletions.md): per workspace, responses kept N
// months (off by default), unanswered surveys N days (off), outbox texts N days (30). A daily job
// applies it a batch per short transaction, through the same survey removal as erasure, so the
// aggregates stay those of the surveys that remain; it records what it removed, counts only.

const dayMs = 24 * 60 * 60 * 1000;
/** Rows per transaction. */
const retentionBatchSize = 1000;

const settingsOf = (row: Awaited<ReturnType<typeof findRetention>>): RetentionSettingsInput => ({
  responseMonths: row?.responseMonths ?? null,
  unansweredSurveyDays: row?.unansweredSurveyDays ?? null,
  outboxBodyDays: row?.outboxBodyDays ?? defaultOutboxBodyDays,
});

function toSettings(row: Awaited<ReturnType<typeof findRetention>>): RetentionSettings {
  return {
    ...settingsOf(row),
    lastRun:
      row?.lastRunAt && row.lastRunReport
        ? { ranAt: new Date(row.lastRunAt).toISOString(), removed: row.lastRunReport }
        : null,
  };
}

/** `GET /workspace/retention` (admins). */
export async function getRetentionSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<RetentionSettings> {
  return toSettings(await findRetention(ctx.db, actor.workspaceId));
}

/** `PUT /workspace/retention` (admins): the change is audited with what it was before. */
export async function setRetentionSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: RetentionSettingsInput,
): Promise<RetentionSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = settingsOf(await findRetention(tx, actor.workspaceId));
    await upsertRetention(tx, actor.workspaceId, input, ctx.now());
    await recordAudit(
      ctx,
      tx,
      actor,
      'retention-settings.changed',
      { type: 'retention-settings', id: actor.workspaceId },
      { before, after: input },
    );
  });
  return getRetentionSettings(ctx, actor);
}

/** `months` calendar months before `date` (UTC), the day clamped to the month's last. */
function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Removes surveys a batch per transaction while `next` finds some; answers how many went. */
async function removeInBatches(
  ctx: Pick<AppContext, 'db'>,
  workspaceId: string,
  batchSize: number,
  next: () => Promise<string[]>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await next();
    if (ids.length === 0) return total;
    const { removed } = await ctx.db.transaction((tx) => removeSurveys(tx, workspaceId, ids));
    total += removed;
    if (ids.length < batchSize) return total;
  }
}

async function eraseBodiesInBatches(
  ctx: Pick<AppContext, 'db'>,
  workspaceId: string | null,
  before: Date,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const erased = await eraseOutboxBodies(ctx.db, workspaceId, before, batchSize);
    total += erased;
    if (erased < batchSize) return total;
  }
}

/**
 * The daily job: applies each workspace's retention and records the run on its settings (and, when
 * something went, in its audit log). Re-running it goes on where a stopped run was.
 */
export async function applyRetention(
  ctx: Pick<AppContext, 'db' | 'now'>,
  options: { batchSize?: number } = {},
): Promise<{ workspaces: number; removed: RetentionRunReport }> {
  const batchSize = options.batchSize ?? retentionBatchSize;
  const now = ctx.now();
  const totals: RetentionRunReport = { responses: 0, unansweredSurveys: 0, outboxBodies: 0 };
  const workspaces = await findWorkspacesToRetain(ctx.db, defaultOutboxBodyDays);
  for (const workspace of workspaces) {
    const { workspaceId } = workspace;
    const report: RetentionRunReport = { responses: 0, unansweredSurveys: 0, outboxBodies: 0 };
    if (workspace.responseMonths !== null) {
      const before = monthsBefore(now, workspace.responseMonths);
      report.responses = await removeInBatches(ctx, workspaceId, batchSize, () =>
        findOldAnsweredSurveys(ctx.db, workspaceId, before, batchSize),
      );
    }
    if (workspace.unansweredSurveyDays !== null) {
      const before = new Date(now.getTime() - workspace.unansweredSurveyDays * dayMs);
      report.unansweredSurveys = await removeInBatches(ctx, workspaceId, batchSize, () =>
        findOldUnansweredSurveys(ctx.db, workspaceId, before, batchSize),
      );
    }
    const bodiesBefore = new Date(now.getTime() - workspace.outboxBodyDays * dayMs);
    report.outboxBodies = await eraseBodiesInBatches(ctx, workspaceId, bodiesBefore, batchSize);
    await ctx.db.transaction(async (tx) => {
      await recordRetentionRun(tx, workspaceId, report, now);
      if (report.responses + report.unansweredSurveys + report.outboxBodies > 0) {
        await recordAuditEvent(ctx, tx, {
          workspaceId,
          who: { kind: 'system' },
          action: 'retention.applied',
          target: { type: 'retention-settings', id: workspaceId },
          details: { removed: report },
        });
      }
    });
    totals.responses += report.responses;
    totals.unansweredSurveys += report.unansweredSurveys;
    totals.outboxBodies += report.outboxBodies;
  }
  // Messages of no workspace (invitations, password resets) keep the default.
  totals.outboxBodies += await eraseBodiesInBatches(
    ctx,
    null,
    new Date(now.getTime() - defaultOutboxBodyDays * dayMs),
    batchSize,
  );
  return { workspaces: workspaces.length, removed: totals };
}
