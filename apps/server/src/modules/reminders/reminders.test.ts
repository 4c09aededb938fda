import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, surveys } from '../../db/schema/index.js';
import { startTestSmsProvider, type TestSmsProvider } from '../../test/sms-provider.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { deliverMessage } from '../delivery/delivery.service.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { withoutFatigueRule } from '../surveys/test-sending-fixtures.js';
import { rescheduleChangedVersions } from './reminders.repository.js';
import { processDueReminders, runReminderJob } from './reminders.service.js';

let t: TestApp;
let mailbox: TestMailbox;
let sms: TestSmsProvider;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  sms = await startTestSmsProvider();
  // No worker: the tests run the reminder batches and deliveries themselves, on a moved clock.
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, ...sms.env } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await sms.close();
});

const hour = 3600 * 1000;
const day = 24 * hour;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** Tomorrow at `hours` UTC: sessions live 30 days, so the tests' clock stays near the real one. */
function tomorrowAt(hours: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCHours(hours, 0, 0, 0);
  return date;
}
/** 10:00 UTC: outside the default quiet hours (21:00-08:00 UTC). */
const monday = tomorrowAt(10);

let sequence = 0;
function uniqueEmail() {
  sequence += 1;
  return `reminded.${Date.now().toString(36)}.${sequence}@example.com`;
}

interface ReminderSpec {
  duration: number;
  period?: 'hours' | 'days' | 'weeks' | 'months';
  event?: 'sent' | 'opened';
  message?: string;
}

async function workspaceWithTemplate(reminders: ReminderSpec[], options: { expiration?: object } = {}) {
  const { client } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
  const questions = everyQuestion();
  const withIds = reminders.map((reminder) => ({
    id: randomUUID(),
    period: 'days',
    event: 'sent',
    ...reminder,
  }));
  const template = await publishTemplate(
    client,
    { openingText: 'Hello', properties: [], questions: Object.values(questions) },
    { settings: { reminders: withIds, ...(options.expiration ? { expiration: options.expiration } : {}) } },
  );
  return { client, template, reminders: withIds, questions };
}

async function sendSurvey(
  client: TestClient,
  versionId: string,
  contacts: object[] = [{ contactMethodType: 'email', emailAddress: uniqueEmail() }],
): Promise<string> {
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: contacts,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().surveyId;
}

async function remindersOf(surveyId: string) {
  return t.ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.surveyId, surveyId), eq(outboxMessages.purpose, 'survey-reminder')));
}

/** Runs the reminder batches until none is due at the clock's time. */
async function runDue(): Promise<void> {
  for (let run = 0; run < 20; run += 1) {
    if ((await processDueReminders(t.ctx)) === 0) return;
  }
  throw new Error('reminders were still due after 20 batches');
}

async function runAt(date: Date): Promise<void> {
  t.setNow(date);
  await runDue();
}

describe('reminders after the send', () => {
  it('sends one reminder per survey at sentAt + duration, through each contact method, once', async () => {
    const { client, template } = await workspaceWithTemplate([
      { duration: 2, period: 'days', message: 'Please tell us how it went.' },
    ]);
    t.setNow(monday);
    const email = uniqueEmail();
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId, [
      { contactMethodType: 'email', emailAddress: email },
      { contactMethodType: 'phone', phoneNumber: '5550001234' },
    ]);

    await runAt(at(monday, 2 * day - 60_000));
    expect(await remindersOf(surveyId)).toEqual([]);

    await runAt(at(monday, 2 * day + 60_000));
    const messages = await remindersOf(surveyId);
    expect(messages.map((message) => [message.channel, message.recipient]).sort()).toEqual([
      ['email', email],
      ['sms', '5550001234'],
    ]);
    const reminderEmail = messages.find((message) => message.channel === 'email')!;
    expect(reminderEmail.subject).toBe(`Reminder: ${template.surveyTemplateName}`);
    expect(reminderEmail.textBody).toContain('Please tell us how it went.');
    expect(reminderEmail.textBody).toContain(`http://graphium.test/survey/${surveyId}`);
    expect(reminderEmail.textBody).toMatch(
      /Unsubscribe from these e-mails: http:\/\/graphium\.test\/unsubscribe\/\S+/,
    );
    expect(reminderEmail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/graphium\.test\/api\/unsubscribe\/\S+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const reminderSms = messages.find((message) => message.channel === 'sms')!;
    expect(reminderSms.textBody).toMatch(
      /Please tell us how it went\. http:\/\/graphium\.test\/survey\/\S+ Reply STOP to opt out\.$/,
    );

    // Delivered with its headers; a later run (or a second worker) sends nothing more.
    expect(await deliverMessage(t.ctx, reminderEmail.id)).toBe('sent');
    const received = await mailbox.waitFor(email);
    const lines = Object.fromEntries(received.headerLines.map((line) => [line.key, line.line]));
    expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines['list-unsubscribe']).toMatch(/<http:\/\/graphium\.test\/api\/unsubscribe\/\S+>/);
    await runAt(at(monday, 5 * day));
    expect(await remindersOf(surveyId)).toHaveLength(2);
    const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
    expect(survey!.nextReminderAt).toBeNull();
  });

  it('works on the real clock too (every read of it is a little later)', async () => {
    const { client, template } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    t.setNow(undefined);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    // Sent two days ago at noon UTC, outside the default quiet hours.
    const noon = new Date();
    noon.setUTCDate(noon.getUTCDate() - 2);
    noon.setUTCHours(12, 0, 0, 0);
    await t.ctx.db.update(surveys).set({ sentAt: noon }).where(eq(surveys.id, surveyId));
    const isQuiet = new Date().getUTCHours() >= 21 || new Date().getUTCHours() < 8;
    await runDue();
    expect(await remindersOf(surveyId)).toHaveLength(isQuiet ? 0 : 1);
  });

  it('sends each of several reminders at its own time, at most one a day', async () => {
    const { client, template } = await workspaceWithTemplate([
      { duration: 1, period: 'days', message: 'First nudge' },
      { duration: 1, period: 'weeks', message: 'Last call' },
    ]);
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(monday, day + hour));
    expect((await remindersOf(surveyId)).map((message) => message.textBody.includes('First nudge'))).toEqual([
      true,
    ]);
    await runAt(at(monday, 6 * day));
    expect(await remindersOf(surveyId)).toHaveLength(1);
    await runAt(at(monday, 7 * day + hour));
    const messages = await remindersOf(surveyId);
    expect(messages).toHaveLength(2);
    expect(messages.some((message) => message.textBody.includes('Last call'))).toBe(true);
  });

  it('reads the reminders as they are at due time: a shortened reminder is rescheduled', async () => {
    const { client, template, reminders } = await workspaceWithTemplate([{ duration: 5, period: 'days' }]);
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(monday, hour));
    const [before] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
    expect(before!.nextReminderAt?.toISOString()).toBe(at(monday, 5 * day).toISOString());

    const updated = await client.patch(`/api/survey-templates/${template.surveyTemplateVersionId}`, {
      surveyTemplateSettings: { reminders: [{ ...reminders[0], duration: 1 }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    t.setNow(at(monday, day + hour));
    await runReminderJob(t.ctx);
    expect(await remindersOf(surveyId)).toHaveLength(1);
  });
});

describe('reminders rescheduled after a settings change', () => {
  it('reschedules every open survey of the version, a slice at a time, once', async () => {
    const { client, template, reminders } = await workspaceWithTemplate([{ duration: 5, period: 'days' }]);
    t.setNow(monday);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push(await sendSurvey(client, template.surveyTemplateVersionId));
    await runAt(at(monday, hour));
    const updated = await client.patch(`/api/survey-templates/${template.surveyTemplateVersionId}`, {
      surveyTemplateSettings: { reminders: [{ ...reminders[0], duration: 1 }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const now = at(monday, 2 * hour);
    expect(await rescheduleChangedVersions(t.ctx.db, now, 2)).toBe(1);
    const rows = await t.ctx.db.select().from(surveys).where(inArray(surveys.id, ids));
    expect(rows.map((row) => row.nextReminderAt?.toISOString())).toEqual(ids.map(() => now.toISOString()));
    expect(await rescheduleChangedVersions(t.ctx.db, at(monday, 3 * hour), 2)).toBe(0);
  });
});

describe('reminders after the last opening', () => {
  it('counts from the last opening, moving with each one, and never before the first', async () => {
    const { client, template } = await workspaceWithTemplate([
      { duration: 2, period: 'days', event: 'opened' },
    ]);
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(monday, 10 * day));
    expect(await remindersOf(surveyId)).toEqual([]);

    const respondent = t.client();
    const openedAt = at(monday, 10 * day);
    t.setNow(openedAt);
    expect((await respondent.get(`/api/surveys/${surveyId}?markAsOpened=true`)).statusCode).toBe(200);
    await runAt(at(openedAt, day));
    // Opened again a day later: the reminder moves to two days after that.
    expect((await respondent.get(`/api/surveys/${surveyId}?markAsOpened=true`)).statusCode).toBe(200);
    await runAt(at(openedAt, 2 * day + hour));
    expect(await remindersOf(surveyId)).toEqual([]);
    await runAt(at(openedAt, 3 * day + hour));
    expect(await remindersOf(surveyId)).toHaveLength(1);
  });
});

describe('no reminder for a closed survey', () => {
  it('sends none after completion', async () => {
    const { client, template, questions } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    t.setNow(at(monday, hour));
    const completed = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [questions.nps.id]: 9 },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await runAt(at(monday, 3 * day));
    expect(await remindersOf(surveyId)).toEqual([]);
  });

  it('sends none after expiry, and the survey takes no answer any more', async () => {
    const { client, template, questions } = await workspaceWithTemplate([{ duration: 3, period: 'days' }], {
      expiration: { duration: 2, period: 'days' },
    });
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(monday, 4 * day));
    expect(await remindersOf(surveyId)).toEqual([]);
    const late = await t
      .client()
      .patch(`/api/surveys/${surveyId}`, { surveyResponses: { [questions.nps.id]: 9 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This survey has expired.');
    const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
    expect(survey!.responses).toEqual({});
  });

  it('drops a reminder still in the outbox when the survey completes before it leaves', async () => {
    const { client, template, questions } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(monday, day + hour));
    const [reminder] = await remindersOf(surveyId);
    const completed = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [questions.nps.id]: 3 },
    });
    expect(completed.statusCode).toBe(200);
    expect(await deliverMessage(t.ctx, reminder!.id)).toBe('skipped');
    const [row] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, reminder!.id));
    expect(row).toMatchObject({ status: 'skipped', lastError: expect.stringContaining('completed') });
  });
});

describe('quiet hours and the daily cap', () => {
  it('waits for the end of the quiet hours of the workspace time zone', async () => {
    const { client, template } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    const settings = await client.request('PUT', '/api/workspace/notification-settings', {
      timeZone: 'Asia/Tokyo',
      quietHours: { start: '20:00', end: '09:30' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      slackWebhookUrl: null,
      timeZone: 'Asia/Tokyo',
      phoneCountry: 'US',
      quietHours: { start: '20:00', end: '09:30' },
    });
    // Sent at 21:00 in Tokyo (12:00 UTC; UTC+9 all year): due a day later, at 21:00 again.
    const sentAt = tomorrowAt(12);
    t.setNow(sentAt);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId);
    await runAt(at(sentAt, day + 60_000));
    expect(await remindersOf(surveyId)).toEqual([]);
    // 09:30 in Tokyo the morning after is 00:30 UTC.
    const morning = at(sentAt, day + 12 * hour + 30 * 60_000);
    const [waiting] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
    expect(waiting!.nextReminderAt?.toISOString()).toBe(morning.toISOString());
    await runAt(at(morning, -60_000));
    expect(await remindersOf(surveyId)).toEqual([]);
    await runAt(morning);
    expect(await remindersOf(surveyId)).toHaveLength(1);
  });

  it('sends a contact at most one reminder a local day across templates; the next waits a day', async () => {
    const first = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    await withoutFatigueRule(first.client);
    const otherTemplate = await publishTemplate(
      first.client,
      { openingText: 'Hi', properties: [], questions: [everyQuestion().nps] },
      {
        name: 'Second template',
        settings: { reminders: [{ id: randomUUID(), duration: 1, period: 'days' }] },
      },
    );
    const shared = uniqueEmail();
    t.setNow(monday);
    const one = await sendSurvey(first.client, first.template.surveyTemplateVersionId, [
      { contactMethodType: 'email', emailAddress: shared },
    ]);
    const two = await sendSurvey(first.client, otherTemplate.surveyTemplateVersionId, [
      { contactMethodType: 'email', emailAddress: shared },
    ]);
    await runAt(at(monday, day + hour));
    const sentToday = [...(await remindersOf(one)), ...(await remindersOf(two))];
    expect(sentToday).toHaveLength(1);
    await runAt(at(monday, day + 13 * hour - 60_000)); // 23:59 UTC, still the same day
    expect([...(await remindersOf(one)), ...(await remindersOf(two))]).toHaveLength(1);
    // The next local day starts at midnight, inside the quiet hours: it leaves at 08:00.
    await runAt(at(monday, 2 * day - 2 * hour));
    expect(await remindersOf(one)).toHaveLength(1);
    expect(await remindersOf(two)).toHaveLength(1);
  });
});

describe('suppression', () => {
  it('skips an unsubscribed contact: reported as skipped on the invitation, and no reminder', async () => {
    const { client, template } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    await withoutFatigueRule(client);
    const email = uniqueEmail();
    t.setNow(monday);
    const firstSurvey = await sendSurvey(client, template.surveyTemplateVersionId, [
      { contactMethodType: 'email', emailAddress: email },
    ]);
    const [invitation] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.surveyId, firstSurvey), eq(outboxMessages.purpose, 'survey-invitation')));
    const link = /\/unsubscribe\/(\S+)/.exec(invitation!.textBody)![1]!;
    const unsubscribed = await t.client().post(`/api/unsubscribe/${link}`);
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);

    // The reminder of the first survey and the invitation of a second one are not sent.
    await runAt(at(monday, day + hour));
    expect(await remindersOf(firstSurvey)).toEqual([]);
    const second = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: email.toUpperCase() },
        { contactMethodType: 'email', emailAddress: uniqueEmail() },
      ],
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().delivery).toEqual([
      expect.objectContaining({
        recipient: email,
        status: 'skipped',
        lastError: expect.stringContaining('unsubscribed'),
      }),
      expect.objectContaining({ status: 'queued' }),
    ]);
    const skippedId = second.json().delivery[0].outboxId as string;
    expect(await deliverMessage(t.ctx, skippedId)).toBe('skipped');
    expect(mailbox.messages.filter((mail) => mail.text?.includes(second.json().surveyId))).toEqual([]);
  });

  it('skips a contact suppressed after its message was queued, when it would leave', async () => {
    const { client, template } = await workspaceWithTemplate([]);
    const email = uniqueEmail();
    t.setNow(monday);
    const surveyId = await sendSurvey(client, template.surveyTemplateVersionId, [
      { contactMethodType: 'email', emailAddress: email },
    ]);
    const added = await client.post('/api/workspace/suppressions', { contact: ` ${email.toUpperCase()} ` });
    expect(added.statusCode, added.body).toBe(201);
    const delivery = await client.get(`/api/surveys/${surveyId}/delivery`);
    const outboxId = delivery.json().delivery[0].outboxId as string;
    expect(await deliverMessage(t.ctx, outboxId)).toBe('skipped');
    const after = await client.get(`/api/surveys/${surveyId}/delivery`);
    expect(after.json().delivery[0]).toMatchObject({ status: 'skipped' });
  });
});
