import {
  type CreateReportSubscriptionBody,
  type DigestUnsubscribeInfo,
  invalidDigestUnsubscribeLinkMessage,
  type ListReportSubscriptionsQuery,
  type ReportSubscription,
  reportFrequencyLabels,
} from '@graphium/shared';
import { hasRole, type WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { findActiveMembers, findWorkspaceName } from '../workspaces/workspaces.service.js';
import { readDigestUnsubscribeToken } from './digest-unsubscribe.js';
import {
  deleteSubscription,
  findDigestSubscription,
  findSubscription,
  findSubscriptions,
  findWorkspaceTemplate,
  insertSubscription,
  type ListedSubscription,
} from './reports.repository.js';

// Who may subscribe whom (docs/decisions/031-scheduled-reports.md): every member subscribes
// themselves and ends their own digests; admins also subscribe other members and end anyone's.

function toReportSubscription(row: ListedSubscription): ReportSubscription {
  const { subscription } = row;
  return {
    reportSubscriptionId: subscription.id,
    accountId: subscription.accountId,
    subscriber: { firstName: row.firstName, lastName: row.lastName, emailAddress: row.emailAddress },
    scope: subscription.templateId ? 'template' : 'dashboard',
    surveyTemplateId: subscription.templateId,
    surveyTemplateName: row.templateName,
    frequency: subscription.frequency,
    createdByAccountId: subscription.createdByAccountId,
    createdAt: subscription.createdAt.toISOString(),
  };
}

const isAdmin = (actor: WorkspaceActor) => Boolean(actor.role && hasRole(actor.role, 'admin'));

function accountOf(actor: WorkspaceActor): string {
  if (!actor.accountId) throw forbidden('Digests belong to people: sign in to manage them.');
  return actor.accountId;
}

/** `GET /report-subscriptions`: the caller's digests, or (admins) the workspace's. */
export async function listReportSubscriptions(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ListReportSubscriptionsQuery,
): Promise<{ reportSubscriptions: ReportSubscription[] }> {
  const accountId = accountOf(actor);
  if (query.who === 'workspace' && !isAdmin(actor)) {
    throw forbidden("Only admins see the workspace's digests.");
  }
  const rows = await findSubscriptions(
    ctx.db,
    actor.workspaceId,
    query.who === 'workspace' ? undefined : accountId,
  );
  return { reportSubscriptions: rows.map(toReportSubscription) };
}

/** `POST /report-subscriptions`: subscribes the caller, or (admins) another active member. */
export async function createReportSubscription(
  ctx: AppContext,
  actor: WorkspaceActor,
  body: CreateReportSubscriptionBody,
): Promise<ReportSubscription> {
  const callerId = accountOf(actor);
  const subscriberId = body.accountId ?? callerId;
  if (subscriberId !== callerId && !isAdmin(actor)) {
    throw forbidden('Only admins subscribe other members.');
  }
  const templateId = body.surveyTemplateId ?? null;
  return ctx.db.transaction(async (tx) => {
    if (subscriberId !== callerId) {
      const members = await findActiveMembers(tx, actor.workspaceId);
      if (!members.some((member) => member.accountId === subscriberId)) {
        throw invalid('Choose an active member of this workspace.', {
          accountId: 'Not an active member of this workspace',
        });
      }
    }
    if (templateId && !(await findWorkspaceTemplate(tx, actor.workspaceId, templateId))) {
      throw notFound('Survey template not found');
    }
    const row = await insertSubscription(tx, {
      workspaceId: actor.workspaceId,
      accountId: subscriberId,
      templateId,
      frequency: body.frequency,
      createdByAccountId: callerId,
      // The services' clock: the first digest is the first one due after this.
      createdAt: ctx.now(),
    });
    if (!row) {
      throw conflict(
        `${subscriberId === callerId ? 'You already receive' : 'This member already receives'} the ${body.frequency} digest of ${templateId ? 'this template' : 'the dashboard'}.`,
      );
    }
    const listed = await findSubscription(tx, actor.workspaceId, row.id);
    return toReportSubscription(listed!);
  });
}

/** `DELETE /report-subscriptions/{id}`: the caller's own, or (admins) anyone's in the workspace. */
export async function deleteReportSubscription(
  ctx: AppContext,
  actor: WorkspaceActor,
  subscriptionId: string,
): Promise<void> {
  const callerId = accountOf(actor);
  const row = await findSubscription(ctx.db, actor.workspaceId, subscriptionId);
  // Another member's digest is as unknown to a non-admin as another workspace's.
  if (!row || (row.subscription.accountId !== callerId && !isAdmin(actor))) {
    throw notFound('Digest subscription not found');
  }
  await deleteSubscription(ctx.db, actor.workspaceId, subscriptionId);
}

/** The digest's name as people read it: "Weekly digest: After your visit". */
function digestName(row: Pick<ListedSubscription, 'subscription' | 'templateName'>): string {
  return `${reportFrequencyLabels[row.subscription.frequency]} digest: ${row.templateName ?? 'Dashboard'}`;
}

async function subscriptionOfToken(ctx: AppContext, token: string) {
  const subscriptionId = readDigestUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!subscriptionId) throw notFound(invalidDigestUnsubscribeLinkMessage);
  const row = await findDigestSubscription(ctx.db, subscriptionId);
  return { subscriptionId, row };
}

/** `GET /report-subscriptions/unsubscribe/{token}`: which digest the link ends. */
export async function getDigestUnsubscribeInfo(
  ctx: AppContext,
  token: string,
): Promise<DigestUnsubscribeInfo> {
  const { row } = await subscriptionOfToken(ctx, token);
  if (!row) return { isUnsubscribed: true, digestName: null, workspaceName: null };
  return {
    isUnsubscribed: false,
    digestName: digestName(row),
    workspaceName: await findWorkspaceName(ctx.db, row.subscription.workspaceId),
  };
}

/** `POST /report-subscriptions/unsubscribe/{token}`: ends the digest; idempotent (one-click). */
export async function unsubscribeDigest(ctx: AppContext, token: string): Promise<DigestUnsubscribeInfo> {
  const { row } = await subscriptionOfToken(ctx, token);
  if (!row) return { isUnsubscribed: true, digestName: null, workspaceName: null };
  await deleteSubscription(ctx.db, row.subscription.workspaceId, row.subscription.id);
  return {
    isUnsubscribed: true,
    digestName: digestName(row),
    workspaceName: await findWorkspaceName(ctx.db, row.subscription.workspaceId),
  };
}
