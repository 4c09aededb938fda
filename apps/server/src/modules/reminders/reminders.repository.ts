import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import {
  outboxMessages,
  reminderContactDays,
  reminderSends,
  reminderSettingsSync,
  surveys,
  templateVersions,
  workspaces,
} from '../../db/schema/index.js';

export interface DueSurvey {
  id: string;
  workspaceId: string;
  templateVersionId: string;
  state: (typeof surveys.$inferSelect)['state'];
  contactMethods: (typeof surveys.$inferSelect)['contactMethods'];
  sentAt: Date;
  lastOpenedAt: Date | null;
  expiresAt: Date;
}

/**
 * Claims surveys whose reminder check is due, oldest first, locking them for the caller's
 * transaction; those another worker holds are skipped (FOR UPDATE SKIP LOCKED).
 */
export async function claimDueSurveys(db: Executor, now: Date, limit: number): Promise<DueSurvey[]> {
  return db
    .select({
      id: surveys.id,
      workspaceId: surveys.workspaceId,
      templateVersionId: surveys.templateVersionId,
      state: surveys.state,
      contactMethods: surveys.contactMethods,
      sentAt: surveys.sentAt,
      lastOpenedAt: surveys.lastOpenedAt,
      expiresAt: surveys.expiresAt,
    })
    .from(surveys)
    .where(
      and(
        sql`${surveys.nextReminderAt} <= ${now.toISOString()}::timestamptz`,
        ne(surveys.state, 'COMPLETE'),
        // A workspace waiting to be deleted sends nothing (decision 044); its surveys wait.
        sql`not exists (select 1 from ${workspaces} w where w.id = ${surveys.workspaceId} and w.deletion_due_at is not null)`,
      ),
    )
    .orderBy(surveys.nextReminderAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** "survey id\nreminder id" of the reminders already sent for these surveys. */
export async function findSentReminders(db: Executor, surveyIds: string[]): Promise<Set<string>> {
  if (surveyIds.length === 0) return new Set();
  const rows = await db
    .select({ surveyId: reminderSends.surveyId, reminderId: reminderSends.reminderId })
    .from(reminderSends)
    .where(inArray(reminderSends.surveyId, surveyIds));
  return new Set(rows.map((row) => `${row.surveyId}\n${row.reminderId}`));
}

/** The idempotency keys: answers "survey id\nreminder id" of those this call inserted. */
export async function insertReminderSends(
  db: Executor,
  rows: (typeof reminderSends.$inferInsert)[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(reminderSends)
    .values(rows)
    .onConflictDoNothing()
    .returning({ surveyId: reminderSends.surveyId, reminderId: reminderSends.reminderId });
  return new Set(inserted.map((row) => `${row.surveyId}\n${row.reminderId}`));
}

/**
 * Takes the day of each contact (at most one reminder a local day): answers "workspace
 * id\ncontact" of those taken now; a contact that already had its reminder that day is not.
 * Rows are written in one order so two workers never wait on each other in a cycle.
 */
export async function takeContactDays(
  db: Executor,
  rows: { workspaceId: string; contact: string; day: string }[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const sorted = rows
    .map((row) => ({ ...row, createdAt: now }))
    .sort((left, right) =>
      `${left.workspaceId}\n${left.contact}`.localeCompare(`${right.workspaceId}\n${right.contact}`),
    );
  const inserted = await db
    .insert(reminderContactDays)
    .values(sorted)
    .onConflictDoNothing()
    .returning({ workspaceId: reminderContactDays.workspaceId, contact: reminderContactDays.contact });
  return new Set(inserted.map((row) => `${row.workspaceId}\n${row.contact}`));
}

export async function releaseContactDays(
  db: Executor,
  rows: { workspaceId: string; contact: string; day: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    delete from ${reminderContactDays} using jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as released(workspace_id uuid, contact text, day text)
    where ${reminderContactDays.workspaceId} = released.workspace_id
      and ${reminderContactDays.contact} = released.contact and ${reminderContactDays.day} = released.day`);
}

/** Day rows older than a few days serve no cap any more. */
export async function deleteOldContactDays(db: Executor, before: Date): Promise<void> {
  await db.delete(reminderContactDays).where(lt(reminderContactDays.createdAt, before));
}

/** Sets each survey's next reminder check in one statement (null: nothing more to send). */
export async function updateNextReminderChecks(
  db: Executor,
  rows: { id: string; next: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${surveys} set next_reminder_at = planned.next
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as planned(id uuid, next timestamptz)
    where ${surveys.id} = planned.id`);
}

const rescheduleSliceSize = 1000;

/**
 * Versions whose reminders changed since the job last looked (settings stay editable after
 * sending): their open surveys are checked again now, so a shortened or added reminder is not
 * late. Answers how many versions changed.
 */
export async function rescheduleChangedVersions(
  db: Executor,
  now: Date,
  sliceSize = rescheduleSliceSize,
): Promise<number> {
  const remindersHash = sql`md5(coalesce(${templateVersions.settings} -> 'reminders', '[]'::jsonb)::text)`;
  const changed = await db
    .select({ id: templateVersions.id, hash: sql<string>`${remindersHash}` })
    .from(templateVersions)
    .leftJoin(reminderSettingsSync, sql`${reminderSettingsSync.templateVersionId} = ${templateVersions.id}`)
    .where(
      and(
        ne(templateVersions.state, 'DRAFT'),
        sql`${reminderSettingsSync.remindersHash} is distinct from ${remindersHash}`,
      ),
    );
  for (const version of changed) {
    // In slices of open surveys, each its own short statement: one statement over a version with
    // many open surveys held their rows (respondents' saves waited) and, on the embedded database,
    // the whole server (419 ms for 17,000 surveys). A slice's surveys are due now, so they no
    // longer match; a job that dies midway leaves the hash unrecorded and the next run goes on.
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const slice = await rowsOf<{ id: string }>(
        db,
        sql`
        update ${surveys} set next_reminder_at = ${now.toISOString()}::timestamptz
        where ${surveys.id} in (
          select id from ${surveys}
          where template_version_id = ${version.id} and id > ${after}::uuid and state <> 'COMPLETE'
            and expires_at > ${now.toISOString()}::timestamptz
            and (next_reminder_at is null or next_reminder_at > ${now.toISOString()}::timestamptz)
          order by id limit ${sliceSize})
        returning ${surveys.id}`,
      );
      const ids = slice.map((row) => row.id);
      if (ids.length === 0) break;
      after = ids.reduce((highest, id) => (id > highest ? id : highest));
    }
    await db
      .insert(reminderSettingsSync)
      .values({ templateVersionId: version.id, remindersHash: version.hash, updatedAt: now })
      .onConflictDoUpdate({
        target: reminderSettingsSync.templateVersionId,
        set: { remindersHash: version.hash, updatedAt: now },
      });
  }
  return changed.length;
}

/** Reminder e-mails written but not yet handed to SMTP (bounded by `limit`: only "more than" matters). */
export async function countQueuedReminderEmails(db: Executor, limit: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(
    db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.status, 'queued'),
          eq(outboxMessages.purpose, 'survey-reminder'),
          eq(outboxMessages.channel, 'email'),
        ),
      )
      .limit(limit + 1)
      .as('queued'),
  );
  return row?.count ?? 0;
}
