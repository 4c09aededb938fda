import { type WorkspaceDeletion, workspaceDeletionGraceDays } from '@graphium/shared';
import { and, eq } from 'drizzle-orm';
import { type MemberActor, workspaceActorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { outboxMessages, workspaces } from '../../db/schema/index.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { recordAudit, recordAuditEvent } from '../audit/audit.service.js';
import { findWorkspacesDueForPurge, purgeWorkspaceRows } from './workspace-purge.repository.js';

// Deleting a workspace (docs/decisions/044-retention-and-deletions.md): its admin asks, typing
// its name; for seven days nobody can use it and its admins can restore it; then the purge job
// removes all its data in batches and records what it removed, never the values.

const dayMs = 24 * 60 * 60 * 1000;
/** Rows per statement when a workspace's data is removed. */
const purgeBatchSize = 1000;

async function findWorkspaceRow(db: Executor, workspaceId: string, forUpdate = false) {
  const query = db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      deletionRequestedAt: workspaces.deletionRequestedAt,
      deletionDueAt: workspaces.deletionDueAt,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Workspace not found');
  return row;
}

function toDeletion(ctx: AppContext, row: Awaited<ReturnType<typeof findWorkspaceRow>>): WorkspaceDeletion {
  return {
    workspaceName: row.name,
    isProviderWorkspace: row.id === ctx.providerWorkspaceId,
    deletionRequestedAt: row.deletionRequestedAt?.toISOString() ?? null,
    deletionDueAt: row.deletionDueAt?.toISOString() ?? null,
  };
}

/** `GET /workspaces/deletion`: whether the selected workspace waits to be deleted. */
export async function getWorkspaceDeletion(ctx: AppContext, member: MemberActor): Promise<WorkspaceDeletion> {
  return toDeletion(ctx, await findWorkspaceRow(ctx.db, member.membership.workspaceId));
}

/**
 * `POST /workspaces/deletion`: the admin asks for the workspace to be deleted, its name typed.
 * Queued messages are skipped at once; sweeps (reminders, recurring sends, webhooks) leave the
 * workspace alone while it waits, and members can do nothing in it but see when it goes.
 */
export async function requestWorkspaceDeletion(
  ctx: AppContext,
  member: MemberActor,
  confirmation: string,
): Promise<WorkspaceDeletion> {
  const { workspaceId } = member.membership;
  if (workspaceId === ctx.providerWorkspaceId) {
    throw forbidden('The provider workspace cannot be deleted.');
  }
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const workspace = await findWorkspaceRow(tx, workspaceId, true);
    if (workspace.deletionDueAt) throw conflict('This workspace is already scheduled for deletion.');
    if (confirmation.trim() !== workspace.name) {
      throw invalid('The name you typed is not the workspace name.', {
        confirmation: `Type ${workspace.name} to confirm`,
      });
    }
    const deletionDueAt = new Date(now.getTime() + workspaceDeletionGraceDays * dayMs);
    await tx
      .update(workspaces)
      .set({
        deletionRequestedAt: now,
        deletionDueAt,
        deletionRequestedByAccountId: member.account.accountId,
      })
      .where(eq(workspaces.id, workspaceId));
    const skipped = await tx
      .update(outboxMessages)
      .set({ status: 'skipped', lastError: 'The workspace is scheduled for deletion.', updatedAt: now })
      .where(and(eq(outboxMessages.workspaceId, workspaceId), eq(outboxMessages.status, 'queued')))
      .returning({ id: outboxMessages.id });
    await recordAudit(
      ctx,
      tx,
      workspaceActorOf(member),
      'workspace.deletion-requested',
      { type: 'workspace', id: workspaceId, label: workspace.name },
      { deletionDueAt: deletionDueAt.toISOString(), queuedMessagesSkipped: skipped.length },
    );
    return { ...workspace, deletionRequestedAt: now, deletionDueAt };
  });
  // The workspace's row changed: every process's cached sign-ins are dropped by the trigger.
  ctx.sessionCache.clear();
  return toDeletion(ctx, row);
}

/** `DELETE /workspaces/deletion`: an admin restores the workspace during its grace period. */
export async function restoreWorkspace(ctx: AppContext, member: MemberActor): Promise<WorkspaceDeletion> {
  const { workspaceId } = member.membership;
  const row = await ctx.db.transaction(async (tx) => {
    const workspace = await findWorkspaceRow(tx, workspaceId, true);
    if (!workspace.deletionDueAt) throw conflict('This workspace is not scheduled for deletion.');
    await tx
      .update(workspaces)
      .set({ deletionRequestedAt: null, deletionDueAt: null, deletionRequestedByAccountId: null })
      .where(eq(workspaces.id, workspaceId));
    await recordAudit(ctx, tx, workspaceActorOf(member), 'workspace.restored', {
      type: 'workspace',
      id: workspaceId,
      label: workspace.name,
    });
    return { ...workspace, deletionRequestedAt: null, deletionDueAt: null };
  });
  ctx.sessionCache.clear();
  return toDeletion(ctx, row);
}

/**
 * The purge job: removes the data of each workspace whose grace period has ended, and records
 * what went (rows by table) in the audit log's chain of no workspace, which outlives it.
 */
export async function purgeDeletedWorkspaces(
  ctx: AppContext,
  options: { batchSize?: number } = {},
): Promise<{ purged: string[] }> {
  const due = await findWorkspacesDueForPurge(ctx.db, ctx.now(), 10);
  const purged: string[] = [];
  for (const workspace of due) {
    if (workspace.id === ctx.providerWorkspaceId) continue;
    const removed = await purgeWorkspaceRows(ctx.db, workspace.id, options.batchSize ?? purgeBatchSize);
    await recordAuditEvent(ctx, ctx.db, {
      workspaceId: null,
      who: { kind: 'system' },
      action: 'workspace.purged',
      target: { type: 'workspace', id: workspace.id, label: workspace.name },
      details: { removed },
    });
    purged.push(workspace.id);
  }
  if (purged.length > 0) ctx.sessionCache.clear();
  return { purged };
}
