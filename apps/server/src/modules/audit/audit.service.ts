import {
  type AuditAction,
  type AuditEvent,
  type AuditEventsList,
  type AuditEventsQuery,
  totalPagesOf,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  type AuditEventRow,
  type AuditFilter,
  appendAuditRow,
  deleteChainPrefix,
  findAuditChains,
  findAuditEvents,
  findChainRow,
  findFirstKeptSequence,
  lockChainHead,
} from './audit.repository.js';
import { hashAuditRow, storableDetails } from './audit-chain.js';

// The audit log (docs/decisions/017-audit-log.md). Other modules record through `recordAudit`
// inside the transaction of the change they record: a change that rolls back leaves no row.

export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
}

/** Who acted when there is no workspace actor: a sign-in, a job. */
export interface AuditWho {
  kind: 'member' | 'api-key' | 'anonymous' | 'system';
  accountId?: string | null;
  apiKeyId?: string | null;
  /** Shown when the account or key gives none (the e-mail typed at a failed sign-in). */
  label?: string;
  address?: string | null;
}

export interface AuditEventInput {
  workspaceId: string | null;
  who: AuditWho;
  action: AuditAction;
  target: AuditTarget;
  /** `before`/`after` for settings; counts, never contacts, for sends. */
  details?: Record<string, unknown>;
}

const noWorkspaceChain = 'none';

/** Appends one event to its workspace's chain, in the caller's transaction. */
export async function recordAuditEvent(
  ctx: Pick<AppContext, 'now'>,
  db: Executor,
  event: AuditEventInput,
): Promise<void> {
  const chainKey = event.workspaceId ?? noWorkspaceChain;
  const accountId = event.who.accountId ?? null;
  const apiKeyId = event.who.apiKeyId ?? null;
  const { head, accountLabel, apiKeyLabel } = await lockChainHead(db, chainKey, { accountId, apiKeyId });
  const content = {
    chainKey,
    sequence: head.headSequence + 1,
    workspaceId: event.workspaceId,
    occurredAt: ctx.now(),
    actorKind: event.who.kind,
    actorAccountId: accountId,
    actorApiKeyId: apiKeyId,
    actorLabel: apiKeyLabel ?? accountLabel ?? event.who.label ?? event.who.kind,
    address: event.who.address ?? null,
    action: event.action,
    targetType: event.target.type,
    targetId: event.target.id ?? null,
    targetLabel: event.target.label ?? null,
    details: storableDetails(event.details ?? {}),
  };
  await appendAuditRow(db, {
    ...content,
    prevHash: head.headHash,
    hash: hashAuditRow(head.headHash, content),
  });
}

/** Records what a member or an API key did in their workspace, in the caller's transaction. */
export function recordAudit(
  ctx: Pick<AppContext, 'now'>,
  db: Executor,
  actor: WorkspaceActor,
  action: AuditAction,
  target: AuditTarget,
  details?: Record<string, unknown>,
): Promise<void> {
  const who: AuditWho = actor.apiKeyId
    ? { kind: 'api-key', apiKeyId: actor.apiKeyId, address: actor.address ?? null }
    : { kind: 'member', accountId: actor.accountId ?? null, address: actor.address ?? null };
  return recordAuditEvent(ctx, db, { workspaceId: actor.workspaceId, who, action, target, details });
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    auditEventId: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: {
      kind: row.actorKind,
      accountId: row.actorAccountId,
      apiKeyId: row.actorApiKeyId,
      label: row.actorLabel,
    },
    address: row.address,
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/** The query's filters for the repository: whole UTC days, `to` included. */
export function auditFilterOf(
  workspaceId: string,
  query: Omit<AuditEventsQuery, 'page' | 'limit'>,
): AuditFilter {
  return {
    workspaceId,
    ...(query.action ? { action: query.action } : {}),
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.to ? { before: new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) } : {}),
  };
}

/** `GET /audit-events`: the workspace's audit log, newest first, filtered and paged. */
export async function listAuditEvents(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: AuditEventsQuery,
): Promise<AuditEventsList> {
  const { page, limit } = query;
  const { rows, total } = await findAuditEvents(ctx.db, auditFilterOf(actor.workspaceId, query), {
    limit,
    offset: (page - 1) * limit,
  });
  return {
    events: rows.map(toAuditEvent),
    pagination: { page, limit, total, totalPages: totalPagesOf(total, limit) },
  };
}

/**
 * The daily retention purge: removes each chain's oldest rows past `AUDIT_RETENTION_DAYS` (a
 * prefix, so the chain stays whole) and keeps the last removed hash as the chain's checkpoint.
 */
export async function purgeExpiredAuditEvents(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.auditRetentionDays * dayMs);
  let purged = 0;
  for (const chain of await findAuditChains(ctx.db)) {
    purged += await ctx.db.transaction(async (tx) => {
      const { head } = await lockChainHead(tx, chain.chainKey, { accountId: null, apiKeyId: null });
      const firstKept = await findFirstKeptSequence(tx, chain.chainKey, cutoff);
      const through = (firstKept ?? head.headSequence + 1) - 1;
      if (through <= head.checkpointSequence) return 0;
      const last = await findChainRow(tx, chain.chainKey, through);
      if (!last) return 0;
      return deleteChainPrefix(tx, chain.chainKey, through, cutoff, { sequence: through, hash: last.hash });
    });
  }
  return purged;
}
