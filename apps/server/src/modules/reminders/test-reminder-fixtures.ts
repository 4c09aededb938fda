import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { startTestSmsProvider, type TestSmsProvider } from '../../test/sms-provider.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { processDueReminders } from './reminders.service.js';

// The reminder tests' world (reminders.test.ts, reminders-limits.test.ts): an app with a test
// mailbox and SMS provider and no worker (the tests run the reminder batches and deliveries
// themselves, on a moved clock), and the steps they share.

export const hour = 3600 * 1000;
export const day = 24 * hour;
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** Tomorrow at `hours` UTC: sessions live 30 days, so the tests' clock stays near the real one. */
export function tomorrowAt(hours: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCHours(hours, 0, 0, 0);
  return date;
}
/** 10:00 UTC: outside the default quiet hours (21:00-08:00 UTC). */
export const monday = tomorrowAt(10);

let sequence = 0;
export function uniqueEmail() {
  sequence += 1;
  return `reminded.${Date.now().toString(36)}.${sequence}@example.com`;
}

interface ReminderSpec {
  duration: number;
  period?: 'hours' | 'days' | 'weeks' | 'months';
  event?: 'sent' | 'opened';
  message?: string;
}

/**
 * Starts the app before the file's tests and closes it after; answers it (`world`, set once the
 * file's first `beforeAll` has run) and the steps bound to it.
 */
export function reminderWorld() {
  const world = {} as { t: TestApp; mailbox: TestMailbox; sms: TestSmsProvider };
  beforeAll(async () => {
    world.mailbox = await startTestMailbox();
    world.sms = await startTestSmsProvider();
    world.t = await createTestApp({ env: { SMTP_URL: world.mailbox.url, ...world.sms.env } });
  });
  afterAll(async () => {
    await world.t.close();
    await world.mailbox.close();
    await world.sms.close();
  });

  async function workspaceWithTemplate(reminders: ReminderSpec[], options: { expiration?: object } = {}) {
    const { client } = await signUpClient(world.t.client(), { businessName: 'Acme Tyres' });
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
    return world.t.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.surveyId, surveyId), eq(outboxMessages.purpose, 'survey-reminder')));
  }

  /** Runs the reminder batches until none is due at the clock's time. */
  async function runDue(): Promise<void> {
    for (let run = 0; run < 20; run += 1) {
      if ((await processDueReminders(world.t.ctx)) === 0) return;
    }
    throw new Error('reminders were still due after 20 batches');
  }

  async function runAt(date: Date): Promise<void> {
    world.t.setNow(date);
    await runDue();
  }

  return { world, workspaceWithTemplate, sendSurvey, remindersOf, runDue, runAt };
}
