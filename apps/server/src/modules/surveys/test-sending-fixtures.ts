import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startTestSmsProvider } from '../../test/sms-provider.js';
import { startTestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { createTestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from './test-fixtures.js';

// What the sending tests share: typed properties, unique contacts, a sender with a published template, and reading a delivery.
export const firstName = {
  id: randomUUID(),
  type: 'Text',
  label: 'First name',
  validation: { required: true },
};
export const visits = { id: randomUUID(), type: 'Number', label: 'Visits' };
export const birthday = { id: randomUUID(), type: 'Date', label: 'Birthday' };
export const member = { id: randomUUID(), type: 'Boolean', label: 'Member' };

let sequence = 0;
export function uniqueEmail() {
  sequence += 1;
  return `respondent.${Date.now().toString(36)}.${sequence}@example.com`;
}
/** Ten digits, unique within the run: the SMS provider is found by number. */
export function uniquePhone() {
  sequence += 1;
  return `55${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence % 100).padStart(2, '0')}`;
}

/** A signed-up editor with a published template of every question type and four properties. */
export async function sender(t: TestApp, options: { publish?: boolean; name?: string } = {}) {
  const { client, startup } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
  const template = await publishTemplate(
    client,
    {
      openingText: 'Hello [First name], thanks for your [Visits] visits. [Unknown] stays.',
      properties: [firstName, visits, birthday, member],
      questions: Object.values(everyQuestion()),
    },
    options,
  );
  return { client, startup, template };
}

export function send(
  client: TestClient,
  versionId: string,
  body: Record<string, unknown> = {},
  options = {},
) {
  return client.post(
    '/api/surveys/',
    {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail() }],
      surveyProperties: { [firstName.id]: 'Ada' },
      ...body,
    },
    options,
  );
}

export async function deliveryOf(client: TestClient, surveyId: string) {
  const response = await client.get(`/api/surveys/${surveyId}/delivery`);
  expect(response.statusCode).toBe(200);
  return response.json().delivery as {
    outboxId: string;
    status: string;
    attempts: number;
    lastError: string;
  }[];
}

/** A test app with its worker, a mailbox and an SMS provider: what a send delivers through. */
export async function startSendingTestApp() {
  const mailbox = await startTestMailbox();
  const sms = await startTestSmsProvider();
  const t = await createTestApp({ env: { SMTP_URL: mailbox.url, ...sms.env }, withWorker: true });
  const close = async () => {
    await t.close();
    await mailbox.close();
    await sms.close();
  };
  return { t, mailbox, sms, close };
}

/**
 * Turns the workspace's fatigue rule off (decision 038), for tests that send one contact several
 * surveys on purpose; the rule itself is tested in contacts/contact-fatigue.test.ts.
 */
export async function withoutFatigueRule(admin: TestClient) {
  const response = await admin.put('/api/workspace/contact-settings', { fatigueDays: 0 });
  expect(response.statusCode, response.body).toBe(200);
}
