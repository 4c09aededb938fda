import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, surveys } from '../../db/schema/index.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { deliverMessage } from '../delivery/delivery.service.js';
import { rescheduleChangedVersions } from './reminders.repository.js';
import { runReminderJob } from './reminders.service.js';
import { at, day, hour, monday, reminderWorld, uniqueEmail } from './test-reminder-fixtures.js';

// Reminders: when they leave, rescheduled, after an opening, never for a closed survey. Quiet hours,
// the daily cap and suppression: reminders-limits.test.ts.

const { world, workspaceWithTemplate, sendSurvey, remindersOf, runDue, runAt } = reminderWorld();
let t: TestApp;
let mailbox: TestMailbox;
beforeAll(() => {
  ({ t, mailbox } = world);
});

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
