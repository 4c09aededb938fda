import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, surveys } from '../../db/schema/index.js';
import type { TestSmsProvider } from '../../test/sms-provider.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import {
  firstName,
  member,
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

describe('bulk send', () => {
  it('checks every row on a dry run and creates nothing', async () => {
    const { client, template } = await sender(t);
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
    const { client, template } = await sender(t);
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
    const { client, template } = await sender(t, { publish: false });
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
