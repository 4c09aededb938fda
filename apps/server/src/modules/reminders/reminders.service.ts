import { setTimeout } from 'node:timers/promises';
import { type Reminder, type SurveyDefinition, surveySettingsSchema } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  dispatchMessages,
  type NewOutboxMessage,
  queueMessages,
  renderSurveyReminderEmail,
  renderSurveyReminderSms,
  unsubscribeOf,
} from '../delivery/delivery.service.js';
import { findLogoUrl } from '../logo/logo.service.js';
import {
  loadNotificationSettingsOf,
  type WorkspaceNotificationSettings,
} from '../notifications/notifications.service.js';
import { findSuppressedContacts } from '../suppression/suppression.service.js';
import { firstQuestionLinks, surveyLink } from '../surveys/survey-links.service.js';
import { findVersionSettings, loadVersionDefinition } from '../templates/template-versions.service.js';
import { findWorkspacesById } from '../workspaces/workspaces.service.js';
import { firstSendableAt, localDay, reminderDueAt, startOfNextLocalDay } from './reminder-schedule.js';
import { sendRemindersJob } from './reminders.jobs.js';
import {
  claimDueSurveys,
  countQueuedReminderEmails,
  type DueSurvey,
  deleteOldContactDays,
  findSentReminders,
  insertReminderSends,
  releaseContactDays,
  rescheduleChangedVersions,
  takeContactDays,
  updateNextReminderChecks,
} from './reminders.repository.js';

// Reminders (decision 008; docs/product-rules.md#reminders-quiet-hours-and-suppression). Each survey carries
// the time its reminders
// need looking at next (`surveys.next_reminder_at`). The `send-reminders` job claims due surveys
// in batches (FOR UPDATE SKIP LOCKED, so workers share the work), reads the version's reminders
// as they are now, and in one transaction writes for each reminder it sends an idempotency row
// (survey, reminder), the outbox messages and the survey's next check. The messages leave
// through the batch delivery jobs after the commit.

/** Surveys per claim: one transaction, a handful of statements, then one delivery job. */
const reminderBatchSize = 500;
/** A run stops claiming after this long and queues another run, so one job never runs for ages. */
const runBudgetMs = 20_000;
/**
 * Claiming runs ahead of delivery no further than this many queued reminder e-mails (a few
 * seconds of sending): the rest waits in the surveys, not in the outbox, and a run that finds
 * the backlog full looks again every half second until its budget is spent. The CPU and database
 * then stay free for what must be quick (alerts within 5 s, respondents' pages) during a large
 * reminder run.
 *
 * The run waits itself rather than queue a run for later: a worker asks for periodic jobs every
 * 10 s, so a later run would leave it idle most of that time while the delivery had room (100,000
 * reminders took 401 s that way instead of about 130).
 */
const maxQueuedReminderEmails = 2000;
const backlogWaitMs = 500;
const contactDayRetentionMs = 3 * 24 * 3600 * 1000;

interface Contact {
  channel: 'email' | 'sms';
  /** A lower-cased e-mail address or the digits of a phone number: the suppression and cap key. */
  contact: string;
}

function contactsOf(survey: DueSurvey): Contact[] {
  return survey.contactMethods.map((method) =>
    method.contactMethodType === 'email'
      ? { channel: 'email', contact: method.emailAddress }
      : { channel: 'sms', contact: method.phoneNumber },
  );
}

function remindersOf(settings: unknown): Reminder[] {
  const parsed = surveySettingsSchema.safeParse(settings ?? {});
  if (parsed.success) return parsed.data.reminders;
  const reminders = surveySettingsSchema.shape.reminders.safeParse(
    (settings as { reminders?: unknown } | null)?.reminders,
  );
  return reminders.success ? reminders.data : [];
}

// The expiry as formatPropertyValue('DateTime') writes it, with one formatter for every message.
const expiryFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

interface Plan {
  survey: DueSurvey;
  /** The reminder to send now, and to whom. */
  send?: { reminder: Reminder; contacts: Contact[] };
  /** Reminders due but not sendable at all (every contact suppressed): recorded as done. */
  done: Reminder[];
  /** Due times of the reminders still to come. */
  pending: Date[];
  /** Nothing may go to this survey's contacts before this time (quiet hours, daily cap). */
  notBefore: Date;
}

interface Batch {
  settings: Map<string, WorkspaceNotificationSettings>;
  /** Per workspace, computed once a batch: when reminders may go from now, and the next local day. */
  times: Map<string, { sendableAt: Date; nextDay: Date; day: string }>;
  workspaces: Map<string, { name: string; customerId: string; logoUrl: string | null }>;
  versions: Map<string, { templateName: string; reminders: Reminder[]; definition: SurveyDefinition }>;
}

async function loadBatch(ctx: AppContext, tx: Executor, due: DueSurvey[], now: Date): Promise<Batch> {
  const workspaceIds = [...new Set(due.map((survey) => survey.workspaceId))];
  const versionIds = [...new Set(due.map((survey) => survey.templateVersionId))];
  // One after another: a transaction is one connection.
  const settings = await loadNotificationSettingsOf(tx, workspaceIds);
  const workspaceRows = await findWorkspacesById(tx, workspaceIds);
  const versionRows = await findVersionSettings(tx, versionIds);
  const workspaces = new Map<string, { name: string; customerId: string; logoUrl: string | null }>();
  for (const [id, row] of workspaceRows) {
    workspaces.set(id, {
      name: row.name,
      customerId: row.customerId,
      // Read in the batch's transaction: PGlite has one connection.
      logoUrl: await findLogoUrl(ctx, row.customerId, { absolute: true, db: tx }),
    });
  }
  const versions: Batch['versions'] = new Map();
  for (const row of versionRows) {
    versions.set(row.id, {
      templateName: row.templateName,
      reminders: remindersOf(row.settings),
      // Cached per process: a sent version's definition never changes.
      definition: await loadVersionDefinition(tx, row.id),
    });
  }
  const times = new Map(
    [...settings].map(([id, workspaceSettings]) => [
      id,
      {
        sendableAt: firstSendableAt(now, workspaceSettings),
        nextDay: startOfNextLocalDay(now, workspaceSettings.timeZone),
        day: localDay(now, workspaceSettings.timeZone),
      },
    ]),
  );
  return { settings, times, workspaces, versions };
}

function planSurvey(
  survey: DueSurvey,
  batch: Batch,
  sent: Set<string>,
  suppressed: Set<string>,
  now: Date,
): Plan {
  const reminders = batch.versions.get(survey.templateVersionId)?.reminders ?? [];
  const waiting = reminders
    .filter((reminder) => !sent.has(`${survey.id}\n${reminder.id}`))
    .map((reminder) => ({ reminder, dueAt: reminderDueAt(reminder, survey) }))
    .filter((entry): entry is { reminder: Reminder; dueAt: Date } => entry.dueAt !== undefined)
    .sort((left, right) => left.dueAt.getTime() - right.dueAt.getTime());
  const plan: Plan = { survey, done: [], pending: waiting.map((entry) => entry.dueAt), notBefore: now };
  const first = waiting[0];
  if (!first || first.dueAt > now || survey.expiresAt <= now) return plan;
  const times = batch.times.get(survey.workspaceId)!;
  const sendableAt = times.sendableAt;
  if (sendableAt > now) {
    plan.notBefore = sendableAt;
    return plan;
  }
  const contacts = contactsOf(survey).filter(
    (contact) => !suppressed.has(`${survey.workspaceId}\n${contact.contact}`),
  );
  plan.pending = plan.pending.slice(1);
  if (contacts.length === 0) {
    plan.done.push(first.reminder);
  } else {
    plan.send = { reminder: first.reminder, contacts };
    // The contacts have had today's reminder: another one due meanwhile waits a day.
    plan.notBefore = times.nextDay;
  }
  return plan;
}

/** The survey's next check: its next reminder, not before the allowed time, or none. */
function nextCheck(plan: Plan, settings: WorkspaceNotificationSettings): string | null {
  const next = plan.pending[0];
  if (!next) return null;
  const at = firstSendableAt(next > plan.notBefore ? next : plan.notBefore, settings);
  return at < plan.survey.expiresAt ? at.toISOString() : null;
}

function reminderMessages(ctx: AppContext, plan: Plan, batch: Batch): NewOutboxMessage[] {
  const { survey, send } = plan;
  if (!send) return [];
  const workspace = batch.workspaces.get(survey.workspaceId)!;
  const version = batch.versions.get(survey.templateVersionId);
  const templateName = version?.templateName ?? '';
  const link = surveyLink(ctx, survey.id);
  // The first question goes in the reminder while nothing is saved yet (decision 026): a
  // respondent who has started continues on the page, where their answers are.
  const hasNoAnswers = survey.state === 'SENT' || survey.state === 'OPENED';
  const firstQuestion =
    version && hasNoAnswers ? firstQuestionLinks(ctx, survey.id, version.definition) : undefined;
  const common = { workspaceId: survey.workspaceId, surveyId: survey.id, purpose: 'survey-reminder' };
  return send.contacts.map((contact): NewOutboxMessage => {
    if (contact.channel === 'sms') {
      return {
        ...common,
        channel: 'sms',
        recipient: contact.contact,
        textBody: renderSurveyReminderSms({
          workspaceName: workspace.name,
          message: send.reminder.message,
          link,
        }),
      };
    }
    const unsubscribe = unsubscribeOf(ctx, survey.workspaceId, contact.contact);
    const email = renderSurveyReminderEmail({
      workspaceName: workspace.name,
      templateName,
      message: send.reminder.message,
      link,
      expiresAt: `${expiryFormat.format(survey.expiresAt)} UTC`,
      logoUrl: workspace.logoUrl,
      unsubscribeUrl: unsubscribe.url,
      firstQuestion,
    });
    return {
      ...common,
      channel: 'email',
      recipient: contact.contact,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      headers: unsubscribe.headers,
    };
  });
}

/**
 * The daily cap (decision 008): a contact gets at most one reminder a local day across the
 * workspace's templates. Takes the day of every contact of the reminders about to go; one whose
 * contact already had its reminder that day (in this batch or before) waits until the next day.
 */
async function applyDailyCap(tx: Executor, plans: Plan[], batch: Batch, now: Date): Promise<void> {
  const sending = plans.filter((plan) => plan.send);
  const takenInBatch = new Set<string>();
  const wanted: { plan: Plan; keys: { workspaceId: string; contact: string; day: string }[] }[] = [];
  for (const plan of sending) {
    const { workspaceId } = plan.survey;
    const { day } = batch.times.get(workspaceId)!;
    const keys = [...new Set(plan.send!.contacts.map((contact) => contact.contact))].map((contact) => ({
      workspaceId,
      contact,
      day,
    }));
    if (keys.some((key) => takenInBatch.has(`${key.workspaceId}\n${key.contact}`))) {
      capPlan(plan, batch);
      continue;
    }
    for (const key of keys) takenInBatch.add(`${key.workspaceId}\n${key.contact}`);
    wanted.push({ plan, keys });
  }
  const taken = await takeContactDays(
    tx,
    wanted.flatMap((entry) => entry.keys),
    now,
  );
  const released: { workspaceId: string; contact: string; day: string }[] = [];
  for (const { plan, keys } of wanted) {
    if (keys.every((key) => taken.has(`${key.workspaceId}\n${key.contact}`))) continue;
    capPlan(plan, batch);
    released.push(...keys.filter((key) => taken.has(`${key.workspaceId}\n${key.contact}`)));
  }
  await releaseContactDays(tx, released);
}

function capPlan(plan: Plan, batch: Batch): void {
  const reminder = plan.send!.reminder;
  const dueAt = reminderDueAt(reminder, plan.survey);
  plan.send = undefined;
  if (dueAt) plan.pending = [dueAt, ...plan.pending];
  plan.notBefore = batch.times.get(plan.survey.workspaceId)!.nextDay;
}

/**
 * One batch: claims due surveys, sends what is due, plans the next checks, all in one
 * transaction; answers how many surveys it claimed. The messages are dispatched after the commit.
 */
export async function processDueReminders(ctx: AppContext, limit = reminderBatchSize): Promise<number> {
  const now = ctx.now();
  const { claimed, outboxIds } = await ctx.db.transaction(async (tx) => {
    const due = await claimDueSurveys(tx, now, limit);
    if (due.length === 0) return { claimed: 0, outboxIds: [] as string[] };
    const batch = await loadBatch(ctx, tx, due, now);
    const sent = await findSentReminders(
      tx,
      due.map((survey) => survey.id),
    );
    const suppressed = new Set<string>();
    for (const workspaceId of batch.settings.keys()) {
      const contacts = due
        .filter((survey) => survey.workspaceId === workspaceId)
        .flatMap((survey) => contactsOf(survey).map((contact) => contact.contact));
      for (const contact of await findSuppressedContacts(tx, workspaceId, [...new Set(contacts)])) {
        suppressed.add(`${workspaceId}\n${contact}`);
      }
    }
    const plans = due.map((survey) => planSurvey(survey, batch, sent, suppressed, now));
    await applyDailyCap(tx, plans, batch, now);
    const recorded = await insertReminderSends(
      tx,
      plans.flatMap((plan) =>
        [...(plan.send ? [plan.send.reminder] : []), ...plan.done].map((reminder) => ({
          surveyId: plan.survey.id,
          reminderId: reminder.id,
          workspaceId: plan.survey.workspaceId,
          sentAt: now,
        })),
      ),
    );
    const messages = plans
      .filter((plan) => plan.send && recorded.has(`${plan.survey.id}\n${plan.send.reminder.id}`))
      .flatMap((plan) => reminderMessages(ctx, plan, batch));
    const ids = await queueMessages(tx, messages);
    await updateNextReminderChecks(
      tx,
      plans.map((plan) => ({
        id: plan.survey.id,
        next: nextCheck(plan, batch.settings.get(plan.survey.workspaceId)!),
      })),
    );
    return { claimed: due.length, outboxIds: ids };
  });
  await dispatchMessages(ctx, outboxIds);
  return claimed;
}

export interface ReminderRunOptions {
  /** Surveys per claim (default 500). */
  batchSize?: number;
  /** Queued reminder e-mails at which claiming waits for the delivery (default 2,000). */
  maxQueued?: number;
  /** How the run waits for the delivery to make room (the tests deliver instead). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * The `send-reminders` job (every minute, and again at once while more is due): first the
 * surveys of versions whose reminders changed are rescheduled, then due surveys are processed in
 * batches. Anything missed while no worker ran is simply due: the run catches up.
 */
export async function runReminderJob(ctx: AppContext, options: ReminderRunOptions = {}): Promise<number> {
  const {
    batchSize = reminderBatchSize,
    maxQueued = maxQueuedReminderEmails,
    wait = (ms) => setTimeout(ms).then(() => {}),
  } = options;
  await rescheduleChangedVersions(ctx.db, ctx.now());
  const startedAt = Date.now();
  const isSpent = () => Date.now() - startedAt > runBudgetMs;
  let total = 0;
  const rerun = batchSize === reminderBatchSize ? {} : { batchSize };
  for (;;) {
    if (ctx.email.isConfigured && (await countQueuedReminderEmails(ctx.db, maxQueued)) >= maxQueued) {
      // A run this long is followed at once: its worker asks for the next job without a pause.
      // A stopping process does not wait: the next run, here or elsewhere, goes on.
      if (isSpent() || ctx.lifecycle.isDraining) {
        await ctx.jobs.send(sendRemindersJob, rerun);
        break;
      }
      await wait(backlogWaitMs);
      continue;
    }
    const claimed = await processDueReminders(ctx, batchSize);
    total += claimed;
    if (claimed < batchSize) break;
    if (isSpent()) {
      await ctx.jobs.send(sendRemindersJob, rerun);
      break;
    }
  }
  await deleteOldContactDays(ctx.db, new Date(ctx.now().getTime() - contactDayRetentionMs));
  return total;
}
