import {
  type AddSuppressionInput,
  addSuppressionSchemaFor,
  invalidUnsubscribeLinkMessage,
  maskContact,
  normalizeContact,
  type Suppression,
  type SuppressionsResponse,
  type UnsubscribeInfo,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { readUnsubscribeToken } from '../delivery/delivery.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { dispatchWebhookDeliveries, recordWebhookEvents } from '../webhooks/webhooks.service.js';
import { findWorkspaceName } from '../workspaces/workspaces.service.js';
import {
  deleteSuppression,
  findSuppressedAmong,
  findSuppression,
  findSuppressions,
  insertSuppression,
  insertSuppressions,
  type SuppressionRow,
} from './suppression.repository.js';

const suppressionNotFoundMessage = 'This contact is not on the suppression list.';

function toSuppression(row: SuppressionRow): Suppression {
  return {
    contact: row.contact,
    contactType: row.contactType,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log names a contact masked, as the unsubscribe page does. */
const suppressionTarget = (contact: string) => ({ type: 'contact', label: maskContact(contact) });

/** `GET /workspace/suppressions`: newest first. */
export async function listSuppressions(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<SuppressionsResponse> {
  return { suppressions: (await findSuppressions(ctx.db, actor.workspaceId)).map(toSuppression) };
}

/** `POST /workspace/suppressions`: staff add a contact; adding one already there changes nothing. */
export async function addSuppression(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: AddSuppressionInput,
): Promise<Suppression> {
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const parsed = addSuppressionSchemaFor(country).safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid contact';
    throw invalid(message, { contact: message });
  }
  const { contact } = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const row = await insertSuppression(tx, {
      workspaceId: actor.workspaceId,
      contact,
      contactType: contact.includes('@') ? 'email' : 'phone',
      reason: 'added-by-staff',
      createdAt: ctx.now(),
    });
    await recordAudit(ctx, tx, actor, 'suppression.added', suppressionTarget(contact));
    return toSuppression(row);
  });
}

/** `DELETE /workspace/suppressions/{contact}`: the workspace may message the contact again. */
export async function removeSuppression(
  ctx: AppContext,
  actor: WorkspaceActor,
  contactText: string,
): Promise<void> {
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const contact = normalizeContact(contactText, country)?.contact ?? contactText.trim().toLowerCase();
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteSuppression(tx, actor.workspaceId, contact)))
      throw notFound(suppressionNotFoundMessage);
    await recordAudit(ctx, tx, actor, 'suppression.removed', suppressionTarget(contact));
  });
}

async function readToken(ctx: AppContext, token: string) {
  const named = readUnsubscribeToken(ctx.config.sessionSecret, token);
  const normalized = named ? normalizeContact(named.contact) : undefined;
  if (!named || !normalized) throw notFound(invalidUnsubscribeLinkMessage);
  const workspaceName = await findWorkspaceName(ctx.db, named.workspaceId);
  if (!workspaceName) throw notFound(invalidUnsubscribeLinkMessage);
  return { workspaceId: named.workspaceId, ...normalized, workspaceName };
}

/** `GET /unsubscribe/{token}` (public): whose messages, to which contact (masked), and whether stopped. */
export async function getUnsubscribeInfo(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const named = await readToken(ctx, token);
  const existing = await findSuppression(ctx.db, named.workspaceId, named.contact);
  return {
    workspaceName: named.workspaceName,
    maskedContact: maskContact(named.contact),
    isUnsubscribed: existing !== undefined,
  };
}

/**
 * `POST /unsubscribe/{token}` (public; the page's button and mail providers' one-click): puts the
 * contact on the workspace's suppression list. Idempotent.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const named = await readToken(ctx, token);
  const webhookDeliveryIds = await ctx.db.transaction(async (tx) => {
    const added = await insertSuppressions(tx, [
      {
        workspaceId: named.workspaceId,
        contact: named.contact,
        contactType: named.contactType,
        reason: 'unsubscribed',
        createdAt: ctx.now(),
      },
    ]);
    return recordUnsubscribed(ctx, tx, added, 'unsubscribe-link');
  });
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  ctx.log.info(
    { workspaceId: named.workspaceId, contact: maskContact(named.contact) },
    'contact unsubscribed',
  );
  return {
    workspaceName: named.workspaceName,
    maskedContact: maskContact(named.contact),
    isUnsubscribed: true,
  };
}

/** The contacts among `contacts` that the workspace must not message. */
export function findSuppressedContacts(
  db: Executor,
  workspaceId: string,
  contacts: string[],
): Promise<Set<string>> {
  return findSuppressedAmong(db, workspaceId, contacts);
}

/**
 * `contact.unsubscribed` for the contacts just added to their workspaces' suppression lists, in
 * the caller's transaction (decision 036); answers the deliveries to dispatch after the commit.
 */
export async function recordUnsubscribed(
  ctx: AppContext,
  tx: Executor,
  added: Pick<SuppressionRow, 'workspaceId' | 'contact' | 'contactType'>[],
  source: 'unsubscribe-link' | 'sms-stop',
): Promise<string[]> {
  const byWorkspace = new Map<string, typeof added>();
  for (const row of added)
    byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
  const ids: string[] = [];
  const unsubscribedAt = ctx.now().toISOString();
  for (const [workspaceId, rows] of byWorkspace) {
    ids.push(
      ...(await recordWebhookEvents(ctx, tx, {
        workspaceId,
        type: 'contact.unsubscribed',
        data: rows.map((row) => ({
          contact: row.contact,
          contactType: row.contactType,
          source,
          unsubscribedAt,
        })),
      })),
    );
  }
  return ids;
}
