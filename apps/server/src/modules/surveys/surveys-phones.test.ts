import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSmsProvider } from '../../test/sms-provider.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { filterParam } from '../responses/test-responses-fixtures.js';
import { deliveryOf, send, sender, startSendingTestApp, uniquePhone } from './test-sending-fixtures.js';

// International phone numbers (docs/decisions/021-international-phone-numbers.md).

let t: TestApp;
let sms: TestSmsProvider;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sms, close } = await startSendingTestApp());
});
afterAll(() => close());

let sequence = 0;
/** An Australian mobile, unique within the run: national form and E.164. */
function australianMobile() {
  sequence += 1;
  const rest = `${String(Date.now() % 1e4).padStart(4, '0')}${String(sequence % 100).padStart(2, '0')}`;
  return { national: `0412 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+61412${rest}` };
}

async function australianSender() {
  const sending = await sender(t);
  const settings = await sending.client.request('PUT', '/api/workspace/notification-settings', {
    phoneCountry: 'AU',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  expect(settings.json().phoneCountry).toBe('AU');
  return sending;
}

const invalidAustralian = 'Enter a valid phone number for Australia, or start with + and the country code.';

describe('the default country for phone numbers', () => {
  it('is US until an admin changes it; others may not, and an unknown country is refused', async () => {
    const { client } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
    expect((await client.get('/api/workspace/notification-settings')).json().phoneCountry).toBe('US');
    const bad = await client.request('PUT', '/api/workspace/notification-settings', { phoneCountry: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect((await client.get('/api/workspace/notification-settings')).json().phoneCountry).toBe('US');

    const emailAddress = `editor.${Date.now()}@example.com`;
    const invitation = await client.post('/api/workspaces/invite', { emailAddress, role: 'editor' });
    expect(invitation.statusCode).toBe(201);
    const { client: editor } = await signUpClient(t.client(), {
      emailAddress,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    const refused = await editor.request('PUT', '/api/workspace/notification-settings', {
      phoneCountry: 'AU',
    });
    expect(refused.statusCode).toBe(403);
    expect((await editor.get('/api/workspace/notification-settings')).json().phoneCountry).toBe('US');
  });
});

describe('sending to phone numbers of the workspace country', () => {
  it('stores a national Australian number in E.164 and texts it there', async () => {
    const { client, template } = await australianSender();
    const phone = australianMobile();
    const response = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: phone.national }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().surveyContactMethods).toEqual([
      { contactMethodType: 'phone', phoneNumber: phone.e164 },
    ]);
    const received = await sms.waitFor(phone.e164);
    expect(received.form.Body).toContain(`/survey/${response.json().surveyId}`);
    await expect
      .poll(async () => (await deliveryOf(client, response.json().surveyId))[0]?.status, { timeout: 10_000 })
      .toBe('sent');

    // The responses' phone filter finds it however it is typed.
    const list = (value: string, operator = 'equals') =>
      client.get(
        `/api/surveys?surveyTemplateId=${template.surveyTemplateId}&filters=${filterParam({
          field: 'surveyContactMethods.phoneNumber',
          operator,
          value,
        })}`,
      );
    for (const typed of [phone.national, phone.e164, phone.e164.replace('+', '00')]) {
      const found = await list(typed);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual([
        response.json().surveyId,
      ]);
    }
    expect((await list(phone.e164.slice(-6), 'ends_with')).json().surveys).toHaveLength(1);
    // A part of a number is digits, even one that reads as a number of the country: the last six
    // digits of +61412130013 were taken for the Australian 13 number +61130013 and matched nothing
    // (the random number above was such one in about one run of twenty).
    const partNumber = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: '0412 130 013' }],
    });
    expect(partNumber.statusCode, partNumber.body).toBe(201);
    for (const [part, operator] of [
      ['130013', 'ends_with'],
      ['130013', 'contains'],
    ] as const)
      expect((await list(part, operator)).json().surveys).toHaveLength(1);
  });

  it('keeps the country of a number with + or 00, and refuses a number that is not Australian (400)', async () => {
    const { client, template } = await australianSender();
    const british = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: '+44 20 7946 0958' }],
    });
    expect(british.statusCode, british.body).toBe(201);
    expect(british.json().surveyContactMethods[0].phoneNumber).toBe('+442079460958');

    const usStyle = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: 'ada@example.com' },
        { contactMethodType: 'phone', phoneNumber: '(555) 123-4567' },
      ],
    });
    expect(usStyle.statusCode).toBe(400);
    expect(usStyle.json().details).toEqual({ 'surveyContactMethods.1.phoneNumber': invalidAustralian });
  });

  it('reads bulk rows against the workspace country and names the bad row', async () => {
    const { client, template } = await australianSender();
    const phone = australianMobile();
    const response = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rows: [
        { phoneNumber: phone.national, properties: { 'First name': 'Ada' } },
        { phoneNumber: '555 123 4567', properties: { 'First name': 'Bob' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      created: 1,
      failed: [{ row: 2, errors: { phoneNumber: invalidAustralian } }],
    });
    await sms.waitFor(phone.e164);
  });

  it('keeps the US rules in a US workspace: ten digits stored as digits and texted as +1', async () => {
    const { client, template } = await sender(t);
    const phone = uniquePhone();
    const response = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [
        {
          contactMethodType: 'phone',
          phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().surveyContactMethods[0].phoneNumber).toBe(phone);
    await sms.waitFor(`+1${phone}`);
  });
});

describe('the suppression list', () => {
  it('adds a number typed the workspace way in its stored form', async () => {
    const { client } = await australianSender();
    const phone = australianMobile();
    const added = await client.post('/api/workspace/suppressions', { contact: phone.national });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().contact).toBe(phone.e164);
    const bad = await client.post('/api/workspace/suppressions', { contact: '555 123 4567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.contact).toBe(
      'Enter an e-mail address or a valid phone number for Australia, or start with + and the country code.',
    );
    const removed = await (client as TestClient).delete(
      `/api/workspace/suppressions/${encodeURIComponent(phone.e164)}`,
    );
    expect(removed.statusCode).toBe(204);
  });
});
