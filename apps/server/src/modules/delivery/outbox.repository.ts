import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import {
  notificationSettings,
  outboxMessages,
  suppressedContacts,
  surveys,
  workspaces,
} from '../../db/schema/index.js';
import { erasedContactKey, erasedContactKeySql } from '../../erased-contact.js';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Executor, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [row] = await db.insert(outboxMessages).values(message).returning();
  return row!;
}

/**
 * Writes many messages in one statement (a bulk send); answers their ids in order. A message to
 * a contact on its workspace's suppression list is written as skipped, with the reason (decision 008).
 */
export async function insertOutboxMessages(db: Executor, messages: NewOutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const suppressed = await findSuppressedRecipients(db, messages);
  const rows = await db
    .insert(outboxMessages)
    .values(
      suppressed.size === 0
        ? messages
        : messages.map((message) =>
            suppressed.has(`${message.workspaceId}\n${message.recipient}`)
              ? { ...message, status: 'skipped' as const, lastError: suppressedMessage }
              : message,
          ),
    )
    .returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}

export const suppressedMessage = 'Not sent: this contact unsubscribed from the workspace’s messages.';

/** "workspace id\nrecipient" of the e-mail and SMS messages whose contact is suppressed. */
async function findSuppressedRecipients(db: Executor, messages: NewOutboxMessage[]): Promise<Set<string>> {
  const pairs = messages.filter(
    (message) => message.workspaceId && (message.channel === 'email' || message.channel === 'sms'),
  );
  if (pairs.length === 0) return new Set();
  const workspaceIds = [...new Set(pairs.map((message) => message.workspaceId!))];
  const recipients = [...new Set(pairs.map((message) => message.recipient))];
  // An erased contact's entry holds its key (decision 043), looked up beside the address.
  const keyed = new Map(
    pairs.map((message) => [
      `${message.workspaceId}\n${erasedContactKey(message.workspaceId!, message.recipient)}`,
      `${message.workspaceId}\n${message.recipient}`,
    ]),
  );
  const keys = [...new Set([...keyed.keys()].map((key) => key.slice(key.indexOf('\n') + 1)))];
  const rows = await db
    .select({ workspaceId: suppressedContacts.workspaceId, contact: suppressedContacts.contact })
    .from(suppressedContacts)
    .where(
      and(
        inArray(suppressedContacts.workspaceId, workspaceIds),
        inArray(suppressedContacts.contact, [...recipients, ...keys]),
      ),
    );
  return new Set(
    rows.map((row) => {
      const pair = `${row.workspaceId}\n${row.contact}`;
      return keyed.get(pair) ?? pair;
    }),
  );
}

export interface ClaimedMessage {
  message: OutboxMessage;
  workspaceName: string | null;
  /** The recipient is on the workspace's suppression list (e-mail and SMS). */
  isSuppressed: boolean;
  /** A reminder's survey was completed or has expired since it was written. */
  isSurveyClosed: boolean;
  /** A Slack message's destination: the workspace's webhook as it is now. */
  slackWebhookUrl: string | null;
}

// In an UPDATE's RETURNING list the query builder names columns without their table, so inside a
// subquery they would bind to the subquery's own table: the claimed row's columns are qualified.
const claimed = (column: string) => sql.raw(`"outbox_messages"."${column}"`);

/**
 * The claim reads, in the same statement, what the message needs as it leaves: the workspace's
 * name, whether its contact is on the workspace's suppression list, whether its survey closed,
 * and its Slack webhook.
 */
function prepareClaimQueuedMessage(db: Executor) {
  return db
    .update(outboxMessages)
    .set({
      status: 'sending',
      nextAttemptAt: sql`${sql.placeholder('leaseUntil')}::timestamptz`,
      handedOverAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(outboxMessages.id, sql.placeholder('id')),
        eq(outboxMessages.status, 'queued'),
        sql`${outboxMessages.channel} = any(${sql.placeholder('channels')}::text[])`,
      ),
    )
    .returning({
      ...getTableColumns(outboxMessages),
      workspaceName: sql<
        string | null
      >`(select w.name from ${workspaces} w where w.id = ${claimed('workspace_id')})`,
      isSuppressed: sql<boolean>`${claimed('channel')} in ('email', 'sms') and exists (select 1 from ${suppressedContacts} s where s.workspace_id = ${claimed('workspace_id')} and s.contact in (${claimed('recipient')}, ${erasedContactKeySql(claimed('workspace_id'), claimed('recipient'))}))`,
      isSurveyClosed: sql<boolean>`${claimed('purpose')} = 'survey-reminder' and exists (select 1 from ${surveys} v where v.id = ${claimed('survey_id')} and (v.state = 'COMPLETE' or v.expires_at <= ${sql.placeholder('now')}::timestamptz))`,
      slackWebhookUrl: sql<
        string | null
      >`case when ${claimed('channel')} = 'slack' then (select n.slack_webhook_url from ${notificationSettings} n where n.workspace_id = ${claimed('workspace_id')}) end`,
    })
    .prepare('claim_outbox_message');
}

function prepareMarkMessageSent(db: Executor) {
  return db
    .update(outboxMessages)
    .set({
      status: 'sent',
      attempts: sql`${sql.placeholder('attempts')}::int`,
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessages.id, sql.placeholder('id')))
    .prepare('mark_outbox_message_sent');
}

/**
 * The message while one claim on it holds: still `sending` with that claim's lease. A worker whose
 * claim lapsed (and was queued again, maybe for another worker) matches nothing (decision 050).
 */
function claimHolds(id: string | SQLWrapper, leaseUntil: Date | SQLWrapper) {
  return and(
    eq(outboxMessages.id, id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.nextAttemptAt, leaseUntil),
  );
}

function prepareMarkHandedOver(db: Executor) {
  return db
    .update(outboxMessages)
    .set({ handedOverAt: sql`now()` })
    .where(claimHolds(sql.placeholder('id'), sql`${sql.placeholder('leaseUntil')}::timestamptz`))
    .returning({ id: outboxMessages.id })
    .prepare('mark_outbox_message_handed_over');
}

/** Delivery runs these for every message. */
const statementsOf = preparedPerDatabase((db) => ({
  claim: prepareClaimQueuedMessage(db),
  markHandedOver: prepareMarkHandedOver(db),
  markSent: prepareMarkMessageSent(db),
}));

/**
 * Claims a queued message for delivery on one of `channels`: it becomes `sending`, committed
 * before the transport is called, with `leaseUntil` as its next attempt. A worker that dies while
 * sending leaves it `sending`; the sweep then queues it again if it was never handed over, and
 * marks it failed if it was, rather than send a second copy.
 * Answers nothing when it is not queued (sent, claimed by another worker) or on another channel.
 */
export async function claimQueuedMessage(
  db: Executor,
  id: string,
  channels: OutboxMessage['channel'][],
  leaseUntil: Date,
  now: Date,
): Promise<ClaimedMessage | undefined> {
  if (channels.length === 0) return undefined;
  const [row] = await statementsOf(db).claim.execute({
    id,
    channels: `{${channels.join(',')}}`,
    leaseUntil: leaseUntil.toISOString(),
    now: now.toISOString(),
  });
  if (!row) return undefined;
  const { workspaceName, isSuppressed, isSurveyClosed, slackWebhookUrl, ...message } = row;
  return { message, workspaceName, isSuppressed, isSurveyClosed, slackWebhookUrl };
}

/**
 * Records that the claimed message is being handed over (committed before its last part leaves).
 * False when the claim with this lease no longer holds: the message must not leave.
 */
export async function markMessageHandedOver(db: Executor, id: string, leaseUntil: Date): Promise<boolean> {
  const rows = await statementsOf(db).markHandedOver.execute({ id, leaseUntil: leaseUntil.toISOString() });
  return rows.length > 0;
}

export async function markMessageSent(
  db: Executor,
  id: string,
  attempts: number,
  sentAt: Date,
): Promise<void> {
  await statementsOf(db).markSent.execute({ id, attempts, sentAt: sentAt.toISOString() });
}

/**
 * Messages left `sending` past their lease: the worker died (or stalled) between claiming and
 * recording the result. Those never handed over did not leave: they are queued again, due at once.
 * Those handed over may have arrived, so they end as failed (a person can retry them) instead of
 * being sent again.
 */
export async function endInterruptedMessages(
  db: Executor,
  now: Date,
  lastError: string,
): Promise<{ requeued: number; failed: number }> {
  const lapsed = and(eq(outboxMessages.status, 'sending'), lte(outboxMessages.nextAttemptAt, now));
  const requeued = await db
    .update(outboxMessages)
    .set({ status: 'queued', nextAttemptAt: now, updatedAt: sql`now()` })
    .where(and(lapsed, isNull(outboxMessages.handedOverAt)))
    .returning({ id: outboxMessages.id });
  const failed = await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError, updatedAt: sql`now()` })
    .where(and(lapsed, isNotNull(outboxMessages.handedOverAt)))
    .returning({ id: outboxMessages.id });
  return { requeued: requeued.length, failed: failed.length };
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

/** The messages of these surveys (or survey alerts) whose delivery finally failed, oldest first. */
export async function findFailedMessagesOf(
  db: Executor,
  owner: 'surveyId' | 'surveyAlertId',
  ids: string[],
): Promise<OutboxMessage[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages[owner], ids), eq(outboxMessages.status, 'failed')))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.channel), asc(outboxMessages.recipient));
}

/** A workspace's messages of one purpose whose delivery finally failed, newest first. */
export async function findRecentFailedMessages(
  db: Executor,
  workspaceId: string,
  purpose: string,
  limit: number,
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.workspaceId, workspaceId),
        eq(outboxMessages.purpose, purpose),
        eq(outboxMessages.status, 'failed'),
      ),
    )
    .orderBy(desc(outboxMessages.updatedAt), desc(outboxMessages.id))
    .limit(limit);
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

/** Records the outcome of a claimed message's attempt, while the claim holds (`claimHolds`). */
export async function updateClaimedMessage(
  db: Executor,
  id: string,
  leaseUntil: Date,
  changes: Partial<NewOutboxMessage>,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(claimHolds(id, leaseUntil));
}

export async function findOutboxMessage(db: Executor, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/**
 * Queued messages due before `before` on the given channels, `limit` at most, oldest first; their
 * next attempt is pushed to `retryAt` and the sweep re-dispatches them. Those another worker holds
 * are skipped. The locked pick is a materialised CTE, read once: as `id in (select … limit … for
 * update skip locked)` the planner could run it again for every queued row (a nested-loop semi
 * join), each run skipping the rows the statement had just moved, so one sweep during a bulk send
 * took all 10,000 queued messages instead of 100, for 24 s, holding every one of them locked.
 */
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
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with due as materialized (
        select id from ${outboxMessages}
        where status = 'queued' and next_attempt_at <= ${dueBy}
          and ${inArray(outboxMessages.channel, channels)}
        order by next_attempt_at limit ${limit} for update skip locked)
      update ${outboxMessages} set next_attempt_at = ${retryAt.toISOString()}::timestamptz
      from due where ${outboxMessages.id} = due.id
      returning ${outboxMessages.id}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Messages waiting to leave (queued, due now or later) and how long the oldest due one has waited,
 * on the partial index of queued messages (for /api/metrics).
 */
export async function countQueuedMessages(
  db: Executor,
): Promise<{ queued: number; oldestDueSeconds: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.nextAttemptAt}) filter (where ${outboxMessages.nextAttemptAt} <= now())), 0)::float8`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'queued'));
  return { queued: row?.queued ?? 0, oldestDueSeconds: row?.oldestDueSeconds ?? 0 };
}
