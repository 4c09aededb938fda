import type { WorkspaceSecurity } from '@graphium/shared';
import type { MemberActor, WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors.js';
import { findRequireTwoFactor, updateRequireTwoFactor } from './workspaces.repository.js';

// A workspace's sign-in rule (docs/decisions/018-two-factor-and-sessions.md).

const enableOwnTwoFactorFirstMessage =
  'Turn on two-factor sign-in for your own account first (Settings → Security).';

export async function getWorkspaceSecurity(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<WorkspaceSecurity> {
  return { requireTwoFactor: await findRequireTwoFactor(ctx.db, actor.workspaceId) };
}

/**
 * Requiring two-factor sign-in: members without it are sent to enrol at their next request. The
 * admin who turns it on must have it, so they never lock themselves out of the setting.
 */
export async function setWorkspaceSecurity(
  ctx: AppContext,
  member: MemberActor,
  input: WorkspaceSecurity,
): Promise<WorkspaceSecurity> {
  if (input.requireTwoFactor && !member.account.twoFactor?.isEnabled) {
    throw conflict(enableOwnTwoFactorFirstMessage);
  }
  await updateRequireTwoFactor(ctx.db, member.membership.workspaceId, input.requireTwoFactor);
  // Every member's cached lookup carries the rule; the update's notification clears the others.
  ctx.sessionCache.clear();
  return input;
}
