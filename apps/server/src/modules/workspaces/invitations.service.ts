import {
  type Invitation,
  type InviteUserInput,
  invitationValidityDays,
  inviteUserSchema,
  isInvitationExpired,
  type PendingInvitation,
} from '@graphium/shared';
import { type MemberActor, type Membership, workspaceActorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { findAccountByEmail } from '../accounts/accounts.service.js';
import { recordAudit, recordAuditEvent } from '../audit/audit.service.js';
import { dispatchMessages, queueEmail, renderInvitationEmail } from '../delivery/delivery.service.js';
import { findLogoUrl } from '../logo/logo.service.js';
import {
  findInvitationDetails,
  type InvitationRow,
  markInvitationAccepted,
  revokeInvitation,
  upsertInvitation,
} from './invitations.repository.js';
import { countActiveMembers, findMember, insertMember } from './workspaces.repository.js';

const dayMs = 24 * 60 * 60 * 1000;

export function toPendingInvitation(row: InvitationRow): PendingInvitation {
  return {
    workspaceInvitationId: row.id,
    emailAddress: row.emailAddress,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function invitationLink(ctx: AppContext, invitationId: string): string {
  return `${ctx.config.publicUrl}/invite/${invitationId}`;
}

/** `POST /workspaces/invite`: an admin invites someone by e-mail; the e-mail leaves through the outbox. */
export async function inviteUser(
  ctx: AppContext,
  member: MemberActor,
  input: InviteUserInput,
): Promise<PendingInvitation> {
  const { emailAddress, role } = inviteUserSchema.parse(input);
  const { workspaceId, workspaceName } = member.membership;
  const now = ctx.now();
  const logoUrl = await findLogoUrl(ctx, member.membership.customerId, { absolute: true });
  const { invitation, outboxId } = await ctx.db.transaction(async (tx) => {
    const existing = await findAccountByEmail(tx, emailAddress);
    if (existing) {
      const membership = await findMember(tx, workspaceId, existing.id);
      if (membership?.isActive) throw conflict(`${emailAddress} is already a member of this workspace.`);
    }
    const invitation = await upsertInvitation(tx, {
      workspaceId,
      emailAddress,
      role,
      invitedByAccountId: member.account.accountId,
      expiresAt: new Date(now.getTime() + invitationValidityDays * dayMs),
    });
    const email = renderInvitationEmail({
      inviterName: `${member.account.firstName} ${member.account.lastName}`,
      workspaceName,
      link: invitationLink(ctx, invitation.id),
      validDays: invitationValidityDays,
      logoUrl,
    });
    const outboxId = await queueEmail(tx, {
      workspaceId,
      purpose: 'invitation',
      recipient: emailAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    });
    const target = { type: 'invitation', id: invitation.id, label: emailAddress };
    await recordAudit(ctx, tx, workspaceActorOf(member), 'invitation.sent', target, { role });
    return { invitation, outboxId };
  });
  await dispatchMessages(ctx, [outboxId]);
  return toPendingInvitation(invitation);
}

export async function withdrawInvitation(ctx: AppContext, member: MemberActor, invitationId: string) {
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeInvitation(tx, member.membership.workspaceId, invitationId, ctx.now());
    if (!revoked) throw notFound('Invitation not found');
    const target = { type: 'invitation', id: invitationId, label: revoked.emailAddress };
    await recordAudit(ctx, tx, workspaceActorOf(member), 'invitation.withdrawn', target);
  });
}

/** `GET /workspaces/invitation/{id}`: public, since the invitee may not have an account yet. */
export async function getInvitation(
  ctx: AppContext,
  invitationId: string,
  viewerAccountId: string | undefined,
): Promise<Invitation> {
  const details = await findInvitationDetails(ctx.db, invitationId);
  if (!details || details.invitation.revokedAt) throw notFound('Invitation not found');
  const { invitation } = details;
  const invitee = await findAccountByEmail(ctx.db, invitation.emailAddress);
  const memberAccountId = viewerAccountId ?? invitee?.id;
  const membership = memberAccountId
    ? await findMember(ctx.db, invitation.workspaceId, memberAccountId)
    : undefined;
  return {
    workspaceId: invitation.workspaceId,
    workspaceInvitationId: invitation.id,
    workspaceName: details.workspaceName,
    workspaceMemberCount: await countActiveMembers(ctx.db, invitation.workspaceId),
    workspaceSettings: { workspaceLogoUrl: await findLogoUrl(ctx, details.customerId) },
    emailAddress: invitation.emailAddress,
    role: invitation.role,
    isExistingAccount: Boolean(invitee),
    isWorkspaceMember: Boolean(membership?.isActive),
    isAccepted: invitation.acceptedAt !== null,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
    invitedBy: { firstName: details.inviterFirstName, lastName: details.inviterLastName },
  };
}

/**
 * Joins the account to the invitation's workspace inside the caller's transaction. The
 * invitation is bound to the address it was sent to, works once, and only for 7 days.
 */
export async function acceptInvitationInTransaction(
  tx: Executor,
  invitationId: string,
  account: { accountId: string; emailAddress: string; address?: string },
  now: Date,
): Promise<Membership> {
  const details = await findInvitationDetails(tx, invitationId, true);
  if (!details || details.invitation.revokedAt) throw notFound('Invitation not found');
  const { invitation } = details;
  if (invitation.acceptedAt) {
    if (invitation.acceptedByAccountId === account.accountId) {
      const membership = await findMember(tx, invitation.workspaceId, account.accountId);
      if (membership?.isActive) {
        return {
          workspaceId: invitation.workspaceId,
          workspaceName: details.workspaceName,
          customerId: details.customerId,
          role: membership.role,
        };
      }
    }
    throw conflict('This invitation has already been used.');
  }
  if (isInvitationExpired(invitation.expiresAt, now)) {
    throw conflict('This invitation has expired. Ask the workspace admin to send a new one.');
  }
  if (invitation.emailAddress !== account.emailAddress.toLowerCase()) {
    throw forbidden(
      `This invitation was sent to ${invitation.emailAddress}. Sign in with that email address to join.`,
    );
  }
  await insertMember(tx, {
    workspaceId: invitation.workspaceId,
    accountId: account.accountId,
    role: invitation.role,
  });
  await markInvitationAccepted(tx, invitation.id, account.accountId, now);
  await recordAuditEvent({ now: () => now }, tx, {
    workspaceId: invitation.workspaceId,
    who: { kind: 'member', accountId: account.accountId, address: account.address ?? null },
    action: 'invitation.accepted',
    target: { type: 'invitation', id: invitation.id, label: invitation.emailAddress },
    details: { role: invitation.role },
  });
  return {
    workspaceId: invitation.workspaceId,
    workspaceName: details.workspaceName,
    customerId: details.customerId,
    role: invitation.role,
  };
}

/** `PATCH /workspaces/invitation/{id}/accept` for a signed-in account. */
export async function acceptInvitation(
  ctx: AppContext,
  invitationId: string,
  account: { accountId: string; emailAddress: string; address?: string },
): Promise<Membership> {
  const membership = await ctx.db.transaction((tx) =>
    acceptInvitationInTransaction(tx, invitationId, account, ctx.now()),
  );
  ctx.sessionCache.forgetAccount(account.accountId);
  return membership;
}
