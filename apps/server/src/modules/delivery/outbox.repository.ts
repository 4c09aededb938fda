import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Executor, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [row] = await db.insert(outboxMessages).values(message).returning();
  return row!;
}

/** Locks a queued message for delivery; another worker holding it makes this return nothing. */
export async function lockQueuedMessage(db: Executor, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')))
    .for('update', { skipLocked: true });
  return row;
}

export async function updateOutboxMessage(
  db: Executor,
  id: string,
  changes: Partial<NewOutboxMessage>,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(outboxMessages.id, id));
}

export async function findOutboxMessage(db: Executor, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/** Queued messages due before `before` on the given channels; the sweep re-dispatches them. */
export async function claimOverdueMessages(
  db: Executor,
  before: Date,
  retryAt: Date,
  channels: OutboxMessage['channel'][],
  limit: number,
): Promise<string[]> {
  if (channels.length === 0) return [];
  const rows = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: retryAt })
    .where(
      and(
        eq(outboxMessages.status, 'queued'),
        lte(outboxMessages.nextAttemptAt, before),
        inArray(outboxMessages.channel, channels),
        sql`${outboxMessages.id} in (select id from outbox_messages where status = 'queued' and next_attempt_at <= ${before.toISOString()} order by next_attempt_at limit ${limit} for update skip locked)`,
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}
