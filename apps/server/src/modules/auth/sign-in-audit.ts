import type { AuditAction } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type AuditWho, recordAuditEvent } from '../audit/audit.service.js';
import { findActiveMemberships } from '../workspaces/workspaces.service.js';

// Sign-ins in the audit log (docs/decisions/017-audit-log.md): recorded in each of the account's
// workspaces, so each workspace's admins see them; a failed sign-in of an unknown address has no
// workspace and goes to the chain of none (verified, shown to no one).

async function recordForAccount(
  ctx: AppContext,
  db: Executor,
  action: AuditAction,
  account: { id: string; emailAddress?: string } | undefined,
  who: AuditWho,
  details: Record<string, unknown> = {},
): Promise<void> {
  // Sorted: chain heads are always locked in the same order, so two sign-ins never deadlock.
  const workspaces = account
    ? (await findActiveMemberships(db, account.id)).map((row) => row.workspaceId).sort()
    : [];
  const target = {
    type: 'account',
    id: account?.id ?? null,
    label: account?.emailAddress ?? who.label ?? null,
  };
  for (const workspaceId of workspaces.length > 0 ? workspaces : [null]) {
    await recordAuditEvent(ctx, db, { workspaceId, who, action, target, details });
  }
}

export function recordSignIn(
  ctx: AppContext,
  account: { id: string; emailAddress: string },
  address?: string,
  details: Record<string, unknown> = {},
) {
  return ctx.db.transaction((tx) =>
    recordForAccount(
      ctx,
      tx,
      'account.signed-in',
      account,
      { kind: 'member', accountId: account.id, address },
      details,
    ),
  );
}

export function recordFailedSignIn(
  ctx: AppContext,
  emailAddress: string,
  account: { id: string; emailAddress: string } | undefined,
  address?: string,
  details?: { reason: string } & Record<string, unknown>,
) {
  const reason = account ? 'wrong password or inactive account' : 'unknown e-mail address';
  return ctx.db.transaction((tx) =>
    recordForAccount(
      ctx,
      tx,
      'account.sign-in-failed',
      account,
      { kind: 'anonymous', label: emailAddress.trim().toLowerCase(), address },
      details ?? { reason },
    ),
  );
}

/** A password reset, in the transaction that sets the password. */
export function recordPasswordReset(ctx: AppContext, db: Executor, accountId: string) {
  return recordForAccount(
    ctx,
    db,
    'account.password-reset',
    { id: accountId },
    { kind: 'member', accountId },
  );
}
