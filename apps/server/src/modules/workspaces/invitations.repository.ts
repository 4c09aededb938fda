import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, workspaceInvitations, workspaces } from '../../db/schema/index.js';

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

/**
 * Writes an invitation, or renews the address's open one in this workspace (its role, inviter and
 * expiry; the link stays): one open invitation per address and workspace.
 */
export async function upsertInvitation(
  db: Executor,
  values: Pick<InvitationRow, 'workspaceId' | 'emailAddress' | 'role' | 'invitedByAccountId' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await db
    .insert(workspaceInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.emailAddress],
      targetWhere: sql`${workspaceInvitations.acceptedAt} is null and ${workspaceInvitations.revokedAt} is null`,
      set: {
        role: values.role,
        invitedByAccountId: values.invitedByAccountId,
        expiresAt: values.expiresAt,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** An invitation with its workspace and inviter; `forUpdate` locks it for acceptance. */
export async function findInvitationDetails(db: Executor, invitationId: string, forUpdate = false) {
  const query = db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      customerId: workspaces.customerId,
      inviterFirstName: accounts.firstName,
      inviterLastName: accounts.lastName,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(accounts, eq(accounts.id, workspaceInvitations.invitedByAccountId))
    .where(eq(workspaceInvitations.id, invitationId));
  const [row] = forUpdate ? await query.for('update', { of: workspaceInvitations }) : await query;
  return row;
}

export async function findPendingInvitations(db: Executor, workspaceId: string, now: Date) {
  return db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt));
}

export async function markInvitationAccepted(
  db: Executor,
  invitationId: string,
  accountId: string,
  now: Date,
): Promise<void> {
  await db
    .update(workspaceInvitations)
    .set({ acceptedAt: now, acceptedByAccountId: accountId })
    .where(eq(workspaceInvitations.id, invitationId));
}

/** Withdraws a pending invitation of this workspace; false when there was none to withdraw. */
export async function revokeInvitation(
  db: Executor,
  workspaceId: string,
  invitationId: string,
  now: Date,
): Promise<{ emailAddress: string } | undefined> {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning({ emailAddress: workspaceInvitations.emailAddress });
  return row;
}
