import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, surveys } from '../../db/schema/index.js';
import { startTestSmsProvider, type TestSmsProvider } from '../../test/sms-provider.js';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { deliverMessage, maxDeliveryAttempts } from '../delivery/delivery.service.js';
import { upsertLogo } from '../logo/logo.repository.js';
import { bearer, createLabelledList, everyQuestion, publishTemplate } from './test-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
let sms: TestSmsProvider;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  sms = await startTestSmsProvider();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, ...sms.env }, withWorker: true });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await sms.close();
});

const firstName = { id: randomUUID(), type: 'Text', label: 'First name', validation: { required: true } };
const visits = { id: randomUUID(), type: 'Number', label: 'Visits' };
const birthday = { id: randomUUID(), type: 'Date', label: 'Birthday' };
const member = { id: randomUUID(), type: 'Boolean', label: 'Member' };

let sequence = 0;
function uniqueEmail() {
  sequence += 1;
  return `respondent.${Date.now().toString(36)}.${sequence}@example.com`;
}
/** Ten digits, unique within the run: the SMS provider is found by number. */
function uniquePhone() {
  sequence += 1;
  return `55${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence % 100).padStart(2, '0')}`;
}

/** A signed-up editor with a published template of every question type and four properties. */
async function sender(options: { publish?: boolean; name?: string } = {}) {
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

function send(client: TestClient, versionId: string, body: Record<string, unknown> = {}, options = {}) {
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

async function deliveryOf(client: TestClient, surveyId: string) {
  const response = await client.get(`/api/surveys/${surveyId}/delivery`);
  expect(response.statusCode).toBe(200);
  return response.json().delivery as {
    outboxId: string;
    status: string;
    attempts: number;
    lastError: string;
  }[];
}

describe('sending a survey', () => {
  it('creates a survey of a published version with one invitation per contact method (201)', async () => {
    const { client, template } = await sender();
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
    // Part 2 §9: 30 days unless the settings say otherwise.
    expect(new Date(body.expiresAt).getTime() - new Date(body.sentAt).getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(body.delivery).toEqual([
      expect.objectContaining({ channel: 'email', recipient: email, status: expect.any(String) }),
      expect.objectContaining({ channel: 'sms', recipient: phone, status: expect.any(String) }),
    ]);
    const [row] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, body.surveyId));
    expect(row).toMatchObject({ state: 'SENT', responses: {}, authFailures: 0 });
  });

  it('sends from a published version only (409) of the workspace (404)', async () => {
    const { client, template } = await sender({ publish: false });
    const draft = await send(client, template.surveyTemplateVersionId);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe('Publish the template before sending it.');

    const other = await sender();
    const foreign = await send(client, other.template.surveyTemplateVersionId);
    expect(foreign.statusCode).toBe(404);
    expect((await send(client, randomUUID())).statusCode).toBe(404);
    expect(
      await t.ctx.db.select().from(surveys).where(eq(surveys.templateId, template.surveyTemplateId)),
    ).toEqual([]);
  });

  it('refuses bad contacts and properties with the form messages (400)', async () => {
    const { client, template } = await sender();
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
      [`surveyProperties.${birthday.id}`]: 'Birthday must be a valid date (YYYY-MM-DD)',
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
    const { client, template } = await sender();
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
    const { client, startup, template } = await sender();
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
    expect(mail.text).toContain('Hello Ada, thanks for your 12 visits. [Unknown] stays.');
    expect(mail.text).toContain(`Start Survey: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`src="http://graphium.test/api/logos/${sha256}"`);
    expect(mail.html).toContain(template.surveyTemplateName);
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('texts the link through the SMS provider', async () => {
    const { client, startup, template } = await sender();
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
    const { client, template } = await sender();
    const phone = uniquePhone();
    sms.refused.add(`+1${phone}`);
    const { surveyId } = (
      await send(client, template.surveyTemplateVersionId, {
        surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: phone }],
      })
    ).json();
    // The worker's first attempt fails; the next ones would wait 15 s and more, so run them here.
    await expect
      .poll(async () => (await deliveryOf(client, surveyId))[0]?.attempts, { timeout: 10_000 })
      .toBe(1);
    const { outboxId } = (await deliveryOf(client, surveyId))[0]!;
    for (let attempt = 2; attempt <= maxDeliveryAttempts; attempt += 1) await deliverMessage(t.ctx, outboxId);
    const failed = (await deliveryOf(client, surveyId))[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: maxDeliveryAttempts });
    expect(failed?.lastError).toContain('is not valid');

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
    const again = await client.post(`/api/surveys/${surveyId}/delivery/${outboxId}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await client.post(`/api/surveys/${surveyId}/delivery/${randomUUID()}/retry`)).statusCode).toBe(
      404,
    );
  });
});

describe('bulk send', () => {
  it('checks every row on a dry run and creates nothing', async () => {
    const { client, template } = await sender();
    const response = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      dryRun: true,
      rows: [
        { emailAddress: uniqueEmail(), properties: { 'First name': 'Ada', Visits: '2' } },
        { emailAddress: 'not-an-email', properties: { 'first name': 'Bob' } },
        { phoneNumber: '', properties: { 'First name': '', Colour: 'red', Visits: 'x' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      dryRun: true,
      rowCount: 3,
      validRowCount: 1,
      created: 0,
      failed: [
        { row: 2, errors: { emailAddress: 'Invalid email format' } },
        {
          row: 3,
          errors: {
            surveyContactMethods: 'At least one contact method (email or phone) is required',
            Colour: '"Colour" is not a property of this template',
            'First name': 'This field is required',
            Visits: 'Visits must be a valid number',
          },
        },
      ],
    });
    const sent = await t.ctx.db
      .select()
      .from(surveys)
      .where(eq(surveys.templateId, template.surveyTemplateId));
    expect(sent).toEqual([]);
  });

  it('sends to every valid row, reports the bad one, and delivers through batch jobs', async () => {
    const { client, template } = await sender();
    const emails = Array.from({ length: 4 }, uniqueEmail);
    const phone = uniquePhone();
    const response = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rowOffset: 100,
      rows: [
        { emailAddress: emails[0], phoneNumber: phone, properties: { 'First name': 'Ada' } },
        { emailAddress: emails[1], properties: {} },
        { emailAddress: emails[2], properties: { [firstName.id]: 'Cy', Visits: '7', Member: 'yes' } },
        { emailAddress: emails[3], properties: { 'First name': 'Di', Birthday: '2001-02-03' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      dryRun: false,
      rowCount: 4,
      validRowCount: 3,
      created: 3,
      failed: [{ row: 102, errors: { 'First name': 'This field is required' } }],
    });
    const created = await t.ctx.db
      .select()
      .from(surveys)
      .where(eq(surveys.templateId, template.surveyTemplateId));
    expect(created).toHaveLength(3);
    expect(created.find((row) => row.properties[firstName.id] === 'Cy')?.properties).toEqual({
      [firstName.id]: 'Cy',
      [visits.id]: 7,
      [member.id]: true,
    });
    for (const email of [emails[0]!, emails[2]!, emails[3]!]) {
      const mail = await mailbox.waitFor(email);
      const survey = created.find((row) =>
        row.contactMethods.some(
          (method) => method.contactMethodType === 'email' && method.emailAddress === email,
        ),
      );
      expect(mail.text).toContain(`http://graphium.test/survey/${survey!.id}`);
    }
    expect(mailbox.messages.some((mail) => mail.text?.includes(emails[1]!))).toBe(false);
    await sms.waitFor(`+1${phone}`);
    const messages = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.workspaceId, created[0]!.workspaceId));
    expect(messages).toHaveLength(4);
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select()
              .from(outboxMessages)
              .where(eq(outboxMessages.workspaceId, created[0]!.workspaceId))
          )
            .map((message) => message.status)
            .join(),
        { timeout: 10_000 },
      )
      .toBe('sent,sent,sent,sent');
  });

  it('refuses more than 10,000 rows and an unpublished version', async () => {
    const { client, template } = await sender({ publish: false });
    const tooMany = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rows: Array.from({ length: 10_001 }, () => ({ emailAddress: 'a@b.co' })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.rows).toMatch(/at most 10,000/);
    const draft = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rows: [{ emailAddress: 'a@b.co', properties: { 'First name': 'Ada' } }],
    });
    expect(draft.statusCode).toBe(409);
  });
});
