import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/index.js';

export type WebhookRow = typeof webhooks.$inferSelect;
type NewWebhookRow = typeof webhooks.$inferInsert;

export async function insertWebhook(tx: Executor, row: NewWebhookRow): Promise<WebhookRow> {
  const [inserted] = await tx.insert(webhooks).values(row).returning();
  return inserted!;
}

export function findWorkspaceWebhooks(db: Executor, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.workspaceId, workspaceId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function findWorkspaceWebhook(
  db: Executor,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow | undefined> {
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function updateWebhookRow(
  tx: Executor,
  id: string,
  changes: Partial<NewWebhookRow>,
  now: Date,
): Promise<WebhookRow> {
  const [row] = await tx
    .update(webhooks)
    .set({ ...changes, updatedAt: now })
    .where(eq(webhooks.id, id))
    .returning();
  return row!;
}

export async function deleteWebhookRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

/** The event types the workspace's enabled webhooks receive. */
export async function findSubscribedEventTypes(db: Executor, workspaceId: string): Promise<Set<string>> {
  const rows = await db
    .select({ events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.status, 'enabled')));
  return new Set(rows.flatMap((row) => row.events));
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attemptCount: webhookDeliveries.attemptCount,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

export type DeliveryListRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: (typeof webhookDeliveries.$inferSelect)['status'];
  attemptCount: number;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
};

/** A webhook's deliveries, newest first, one page. */
export async function findDeliveryPage(
  db: Executor,
  webhookId: string,
  page: number,
  limit: number,
): Promise<{ rows: DeliveryListRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDelivery(
  db: Executor,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryListRow | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)));
  return row;
}

export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The attempts of these deliveries, newest first. */
export function findAttemptsOf(db: Executor, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(sql`${webhookAttempts.id}`));
}
