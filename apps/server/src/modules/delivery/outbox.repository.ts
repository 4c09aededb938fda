import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outboxMessages, workspaces } from '../../db/schema.js';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Executor, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [row] = await db.insert(outboxMessages).values(message).returning();
  return row!;
}

/** Writes many messages in one statement (a bulk send); answers their ids in order. */
export async function insertOutboxMessages(db: Executor, messages: NewOutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db.insert(outboxMessages).values(messages).returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}

/**
 * Locks a queued message for delivery, with the name of its workspace (a survey invitation is
 * sent in the workspace's name); another worker holding it makes this return nothing.
 */
export async function lockQueuedMessageWithWorkspace(
  db: Executor,
  id: string,
): Promise<{ message: OutboxMessage; workspaceName: string | null } | undefined> {
  const [row] = await db
    .select({ message: outboxMessages, workspaceName: workspaces.name })
    .from(outboxMessages)
    .leftJoin(workspaces, eq(workspaces.id, outboxMessages.workspaceId))
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')))
    .for('update', { of: outboxMessages, skipLocked: true });
  return row;
}

/** A survey's messages, oldest first (those written together: e-mails first, then by recipient). */
export async function findSurveyMessages(db: Executor, surveyId: string): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.surveyId, surveyId))
    .orderBy(
      asc(outboxMessages.createdAt),
      asc(outboxMessages.channel),
      asc(outboxMessages.recipient),
      asc(outboxMessages.id),
    );
}

/** Puts a failed message back in the queue with its attempts reset; false unless it had failed. */
export async function requeueFailedMessage(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'queued', attempts: 0, lastError: null, nextAttemptAt: now, updatedAt: sql`now()` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
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
  // A new row's next_attempt_at is the database's now(), in microseconds; `before` is the
  // services' clock, in milliseconds. A row written in the same millisecond would look due
  // later than `before`: due means due by either clock.
  const dueBy = sql`greatest(${before.toISOString()}::timestamptz, now())`;
  const rows = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: retryAt })
    .where(
      and(
        eq(outboxMessages.status, 'queued'),
        lte(outboxMessages.nextAttemptAt, dueBy),
        inArray(outboxMessages.channel, channels),
        sql`${outboxMessages.id} in (select id from outbox_messages where status = 'queued' and next_attempt_at <= ${dueBy} order by next_attempt_at limit ${limit} for update skip locked)`,
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}
