import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import type { TestSmsProvider } from '../../test/sms-provider.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { upsertLogo } from '../logo/logo.repository.js';
import { bearer, createLabelledList, everyQuestion, publishTemplate } from './test-fixtures.js';
import {
  birthday,
  deliveryOf,
  firstName,
  member,
  send,
  sender,
  startSendingTestApp,
  uniqueEmail,
  uniquePhone,
  visits,
} from './test-sending-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
let sms: TestSmsProvider;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mailbox, sms, close } = await startSendingTestApp());
});
afterAll(() => close());

describe('sending a survey', () => {
  it('creates a survey of a published version with one invitation per contact method (201)', async () => {
    const { client, template } = await sender(t);
    const email = uniqueEmail();
    const phone = uniquePhone();
    const response = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: email.toUpperCase() },
        {
          contactMethodType: 'phone',
          phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
        },
        { contactMethodType: 'email', emailAddress: email },
      ],
      surveyProperties: {
        [firstName.id]: ' Ada ',
        [visits.id]: 3,
        [birthday.id]: '1990-02-28',
        [member.id]: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      surveyId: expect.any(String),
      surveyTemplateId: template.surveyTemplateId,
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyState: 'SENT',
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: email },
        { contactMethodType: 'phone', phoneNumber: phone },
      ],
      surveyProperties: {
        [firstName.id]: 'Ada',
        [visits.id]: 3,
        [birthday.id]: '1990-02-28',
        [member.id]: true,
      },
    });
    // docs/product-rules.md#sending-surveys: 30 days unless the settings say otherwise.
    expect(new Date(body.expiresAt).getTime() - new Date(body.sentAt).getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(body.delivery).toEqual([
      expect.objectContaining({ channel: 'email', recipient: email, status: expect.any(String) }),
      expect.objectContaining({ channel: 'sms', recipient: phone, status: expect.any(String) }),
    ]);
    const [row] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, body.surveyId));
    expect(row).toMatchObject({ state: 'SENT', responses: {}, authFailures: 0 });
  });

  it('sends from a published version only (409) of the workspace (404)', async () => {
    const { client, template } = await sender(t, { publish: false });
    const draft = await send(client, template.surveyTemplateVersionId);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe('Publish the template before sending it.');

    const other = await sender(t);
    const foreign = await send(client, other.template.surveyTemplateVersionId);
    expect(foreign.statusCode).toBe(404);
    expect((await send(client, randomUUID())).statusCode).toBe(404);
    expect(
      await t.ctx.db.select().from(surveys).where(eq(surveys.templateId, template.surveyTemplateId)),
    ).toEqual([]);
  });

  it('refuses bad contacts and properties with the form messages (400)', async () => {
    const { client, template } = await sender(t);
    const noContact = await send(client, template.surveyTemplateVersionId, { surveyContactMethods: [] });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().details).toEqual({
      surveyContactMethods: 'At least one contact method (email or phone) is required',
    });
    const badContacts = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: 'ada@example' },
        { contactMethodType: 'phone', phoneNumber: '555-12' },
      ],
    });
    expect(badContacts.json().details).toEqual({
      'surveyContactMethods.0.emailAddress': 'Invalid email format',
      'surveyContactMethods.1.phoneNumber':
        'Invalid phone number. Please enter a valid 10-digit phone number.',
    });
    const badProperties = await send(client, template.surveyTemplateVersionId, {
      surveyProperties: { [firstName.id]: '  ', [visits.id]: 'many', [birthday.id]: '1990-13-01', nope: 1 },
    });
    expect(badProperties.statusCode).toBe(400);
    expect(badProperties.json().details).toEqual({
      [`surveyProperties.${firstName.id}`]: 'This field is required',
      [`surveyProperties.${visits.id}`]: 'Visits must be a valid number',
      [`surveyProperties.${birthday.id}`]:
        'Birthday must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
      'surveyProperties.nope': 'This property is not in the template',
    });
  });

  it('takes an active item of the list for a ListItem property', async () => {
    const { client } = await signUpClient(t.client());
    const { listId, itemIds } = await createLabelledList(client, ['North', 'Closed store'], 1);
    const store = {
      id: randomUUID(),
      type: 'ListItem',
      label: 'Store',
      listId,
      validation: { required: true },
    };
    const template = await publishTemplate(client, {
      openingText: 'Thanks for visiting [Store].',
      properties: [store],
      questions: [everyQuestion().nps],
    });
    const archived = await send(client, template.surveyTemplateVersionId, {
      surveyProperties: { [store.id]: itemIds[1] },
    });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().details).toEqual({
      [`surveyProperties.${store.id}`]: 'Store must be an item of its list',
    });
    const email = uniqueEmail();
    const sent = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: email }],
      surveyProperties: { [store.id]: itemIds[0] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().surveyProperties).toEqual({ [store.id]: itemIds[0] });
    expect((await mailbox.waitFor(email)).text).toContain('Thanks for visiting North.');
  });

  it('sends through an API key with the write scope; a read key gets 403', async () => {
    const { client, template } = await sender(t);
    const keys = {} as Record<string, string>;
    for (const scope of ['read', 'read-write']) {
      const created = await client.post('/api/customers/api-keys', { apiKeyName: `CRM ${scope}`, scope });
      expect(created.statusCode).toBe(201);
      keys[scope] = created.json().apiKey;
    }
    const api = t.client();
    const readOnly = await send(api, template.surveyTemplateVersionId, {}, bearer(keys.read!));
    expect(readOnly.statusCode).toBe(403);
    const written = await send(api, template.surveyTemplateVersionId, {}, bearer(keys['read-write']!));
    expect(written.statusCode, written.body).toBe(201);
    const status = await api.get(`/api/surveys/${written.json().surveyId}/delivery`, bearer(keys.read!));
    expect(status.statusCode).toBe(200);
    expect((await t.client().post('/api/surveys/', {})).statusCode).toBe(401);
  });
});

describe('delivery', () => {
  it('e-mails the link, the template name, the filled opening text and the logo, from the workspace', async () => {
    const { client, startup, template } = await sender(t);
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const sha256 = createHash('sha256').update(logo).digest('hex');
    await upsertLogo(t.ctx.db, {
      customerId: startup.workspaces[0]!.customerId,
      content: logo,
      contentType: 'image/svg+xml',
      sha256,
      size: logo.length,
    });
    const email = uniqueEmail();
    const response = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: email }],
      surveyProperties: { [firstName.id]: 'Ada', [visits.id]: 12 },
    });
    const { surveyId } = response.json();
    const mail = await mailbox.waitFor(email);
    const link = `http://graphium.test/survey/${surveyId}`;
    const workspaceName = startup.workspaces[0]!.workspaceName;
    expect(mail.subject).toBe(`${workspaceName} would like your feedback: ${template.surveyTemplateName}`);
    expect(mail.from?.value[0]?.name).toBe(workspaceName);
    expect(mail.text).toContain('Hello Ada, thanks for your 12 visits. stays.');
    expect(mail.text).not.toContain('[Unknown]');
    expect(mail.text).toContain(`Start Survey: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`src="http://graphium.test/api/logos/${sha256}"`);
    expect(mail.html).toContain(template.surveyTemplateName);
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('texts the link through the SMS provider', async () => {
    const { client, startup, template } = await sender(t);
    const phone = uniquePhone();
    const response = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: phone }],
    });
    const { surveyId } = response.json();
    const received = await sms.waitFor(`+1${phone}`);
    expect(received.form.From).toBe('+15550000000');
    expect(received.form.Body).toContain(`http://graphium.test/survey/${surveyId}`);
    expect(received.form.Body).toContain(startup.workspaces[0]!.workspaceName);
    expect(received.form.Body?.length).toBeLessThan(320);
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0], { timeout: 10_000 })
      .toMatchObject({ channel: 'sms', status: 'sent', attempts: 1, lastError: null });
  });

  it('shows a failed delivery with its reason and sends it again on retry', async () => {
    const { client, template } = await sender(t);
    const phone = uniquePhone();
    sms.refused.add(`+1${phone}`);
    const { surveyId } = (
      await send(client, template.surveyTemplateVersionId, {
        surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: phone }],
      })
    ).json();
    // The provider refuses the number (400): nothing to wait for, it fails at the first attempt.
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0]?.status, { timeout: 10_000 })
      .toBe('failed');
    const failed = (await deliveryOf(client, surveyId))[0];
    const { outboxId } = failed!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toContain('is not valid');
    // Staff see it on the survey: its row in the responses list and its response.
    const listed = async () =>
      (await client.get(`/api/surveys?surveyTemplateId=${template.surveyTemplateId}&page=1&limit=50`)).json()
        .surveys as { surveyId: string; undelivered: { outboxId: string; lastError: string }[] }[];
    const rowOf = async () => (await listed()).find((row) => row.surveyId === surveyId);
    expect((await rowOf())?.undelivered).toEqual([
      expect.objectContaining({ outboxId, status: 'failed', lastError: failed?.lastError }),
    ]);
    const detail = await client.get(`/api/surveys/${surveyId}/response`);
    expect(detail.json().undelivered).toEqual([expect.objectContaining({ outboxId, status: 'failed' })]);

    const other = await signUpClient(t.client());
    expect((await other.client.post(`/api/surveys/${surveyId}/delivery/${outboxId}/retry`)).statusCode).toBe(
      404,
    );
    expect((await other.client.get(`/api/surveys/${surveyId}/delivery`)).statusCode).toBe(404);

    sms.refused.delete(`+1${phone}`);
    const retried = await client.post(`/api/surveys/${surveyId}/delivery/${outboxId}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().delivery[0]).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    await sms.waitFor(`+1${phone}`);
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
    expect((await rowOf())?.undelivered).toEqual([]);
    expect((await client.get(`/api/surveys/${surveyId}/response`)).json().undelivered).toEqual([]);
    const again = await client.post(`/api/surveys/${surveyId}/delivery/${outboxId}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await client.post(`/api/surveys/${surveyId}/delivery/${randomUUID()}/retry`)).statusCode).toBe(
      404,
    );
  });
});
