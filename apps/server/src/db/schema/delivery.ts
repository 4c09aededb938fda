import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { surveyAlerts } from './alerts.js';
import { createdAt, updatedAt } from './columns.js';
import { surveys } from './surveys.js';
import { workspaces } from './workspaces.js';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Content-ID: the HTML shows it as `<img src="cid:…">`. */
  cid: string;
  contentBase64: string;
}

/** Every outgoing message is written here first, in the transaction that causes it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    channel: text('channel', { enum: ['email', 'sms', 'slack'] }).notNull(),
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * `sending` is claimed by a worker (committed before the transport is called, so a worker
     * that dies mid-send never leads to a second copy); `skipped` never leaves (suppressed
     * contact, a reminder for a survey that closed meanwhile).
     */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When the sending worker handed the message's end to the transport (an e-mail's last bytes
     * before the closing dot, an SMS or Slack request): from then on it may have arrived. Cleared
     * at each claim. A message left `sending` past its lease without it never left, and is queued
     * again; with it, it ends as failed rather than risk a second copy (decision 050).
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** The survey a message invites to, so its delivery status shows on the survey. */
    surveyId: uuid('survey_id').references((): AnyPgColumn => surveys.id),
    /** The survey alert a notification tells of, so a failed one shows on the alert. */
    surveyAlertId: uuid('survey_alert_id').references((): AnyPgColumn => surveyAlerts.id),
    /** Extra e-mail headers (List-Unsubscribe, decision 008). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * Inline e-mail attachments (a digest's chart), stored with the message so a retry sends the
     * same e-mail: base64 content, referenced from the HTML as `cid:<cid>`.
     */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('outbox_messages_workspace_id_idx').on(table.workspaceId),
    // Retention erases the texts of old messages (decision 044): those not yet erased, oldest first.
    index('outbox_messages_body_kept_idx')
      .on(table.workspaceId, table.createdAt)
      .where(sql`${table.textBody} <> ''`),
    // The messages to one address, for erasure and access requests (decision 043).
    index('outbox_messages_recipient_idx').on(table.recipient),
    index('outbox_messages_survey_id_idx').on(table.surveyId).where(sql`${table.surveyId} is not null`),
    index('outbox_messages_survey_alert_id_idx')
      .on(table.surveyAlertId)
      .where(sql`${table.surveyAlertId} is not null`),
  ],
);
