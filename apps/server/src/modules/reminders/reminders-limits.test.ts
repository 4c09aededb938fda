import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, surveys } from '../../db/schema/index.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { deliverMessage } from '../delivery/delivery.service.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { withoutFatigueRule } from '../surveys/test-sending-fixtures.js';
import { at, day, hour, monday, reminderWorld, tomorrowAt, uniqueEmail } from './test-reminder-fixtures.js';

// Reminders' limits: quiet hours, the daily cap across templates, suppression.

const { world, workspaceWithTemplate, sendSurvey, remindersOf, runAt } = reminderWorld();
let t: TestApp;
let mailbox: TestMailbox;
beforeAll(() => {
  ({ t, mailbox } = world);
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
