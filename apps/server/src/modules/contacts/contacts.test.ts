import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { createLink, linkSetup, start, visitor } from '../public-links/test-public-links-fixtures.js';
import { bearer } from '../surveys/test-fixtures.js';
import { send, sender, uniqueEmail, uniquePhone } from '../surveys/test-sending-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function contactRows(workspaceId: string) {
  return t.ctx.db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId));
}

describe('contacts directory', () => {
  it('creates a contact, and updates the same one when its address or number comes again', async () => {
    const { client, startup } = await signUpClient(t.client());
    const email = uniqueEmail();
    const created = await client.post('/api/contacts', { emailAddress: email.toUpperCase(), name: 'Ada' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ emailAddress: email, phoneNumber: null, name: 'Ada' });
    const id = created.json().contactId;

    const phone = uniquePhone();
    const again = await client.post('/api/contacts', {
      emailAddress: email,
      phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3)}`,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ contactId: id, phoneNumber: phone, name: 'Ada' });

    const byPhone = await client.post('/api/contacts', { phoneNumber: phone, name: 'Ada Lovelace' });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json()).toMatchObject({ contactId: id, emailAddress: email, name: 'Ada Lovelace' });
    expect(await contactRows(startup.workspaces[0]!.workspaceId)).toHaveLength(1);
  });

  it('refuses a contact without an address, a bad address and unknown or mistyped attributes, saving nothing', async () => {
    const { client, startup } = await signUpClient(t.client());
    const attribute = await client.post('/api/contacts/attributes', {
      name: 'seats',
      displayName: 'Seats',
      type: 'NUMBER',
    });
    expect(attribute.statusCode, attribute.body).toBe(201);
    const duplicate = await client.post('/api/contacts/attributes', {
      name: 'seats',
      displayName: 'Seats',
      type: 'STRING',
    });
    expect(duplicate.statusCode).toBe(409);

    const cases = [
      [{ name: 'Nobody' }, 'A contact needs an e-mail address or a phone number'],
      [{ emailAddress: 'not-an-address' }, 'Enter a valid e-mail address'],
      [{ phoneNumber: '12' }, 'Invalid phone number. Please enter a valid 10-digit phone number.'],
      [{ emailAddress: uniqueEmail(), attributes: { colour: 'red' } }, 'Unknown attribute "colour"'],
      [{ emailAddress: uniqueEmail(), attributes: { seats: 'many' } }, 'Seats must be a valid number'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await client.post('/api/contacts', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await contactRows(startup.workspaces[0]!.workspaceId)).toEqual([]);

    const typed = await client.post('/api/contacts', {
      emailAddress: uniqueEmail(),
      attributes: { seats: '12' },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().attributes).toEqual({ seats: 12 });
    expect((await client.get('/api/contacts/attributes')).json().attributes).toEqual([
      { id: attribute.json().id, name: 'seats', displayName: 'Seats', type: 'NUMBER' },
    ]);
  });

  it('lists newest first, searches by name, address and a typed number, and pages', async () => {
    const { client } = await signUpClient(t.client());
    const phone = uniquePhone();
    await client.post('/api/contacts', { emailAddress: 'grace@hopper.example', name: 'Grace Hopper' });
    await client.post('/api/contacts', { phoneNumber: phone, name: 'Alan' });
    await client.post('/api/contacts', { emailAddress: 'ada@lovelace.example' });

    const all = await client.get('/api/contacts?limit=10');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    const byName = await client.get('/api/contacts?search=hopper');
    expect(byName.json().contacts.map((row: { name: string }) => row.name)).toEqual(['Grace Hopper']);
    const byNumber = await client.get(
      `/api/contacts?search=${encodeURIComponent(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`)}`,
    );
    expect(byNumber.json().contacts.map((row: { name: string }) => row.name)).toEqual(['Alan']);
    const paged = await client.get('/api/contacts?limit=10&page=2');
    expect(paged.json()).toMatchObject({ contacts: [], total: 3, page: 2 });
    expect((await client.get('/api/contacts?limit=7')).statusCode).toBe(400);
  });

  it("answers 404 for another workspace's contact and never lists it", async () => {
    const owner = await signUpClient(t.client());
    const other = await signUpClient(t.client());
    const created = await owner.client.post('/api/contacts', { emailAddress: uniqueEmail() });
    const id = created.json().contactId;
    expect((await other.client.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/contacts/${id}`, { name: 'Mallory' })).statusCode).toBe(404);
    expect((await other.client.get('/api/contacts/not-a-uuid')).statusCode).toBe(404);
    expect((await other.client.get('/api/contacts')).json().total).toBe(0);
  });

  it('changes a contact; an address another contact has answers 409 and changes nothing', async () => {
    const { client } = await signUpClient(t.client());
    const first = (await client.post('/api/contacts', { emailAddress: uniqueEmail() })).json();
    const second = (await client.post('/api/contacts', { emailAddress: uniqueEmail(), name: 'Bob' })).json();
    const clash = await client.patch(`/api/contacts/${second.contactId}`, {
      emailAddress: first.emailAddress,
    });
    expect(clash.statusCode).toBe(409);
    expect((await client.get(`/api/contacts/${second.contactId}`)).json().contact.emailAddress).toBe(
      second.emailAddress,
    );
    const renamed = await client.patch(`/api/contacts/${second.contactId}`, { name: 'Robert' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Robert');
  });

  it('reads and writes through API keys: a read key reads, a read-write key writes', async () => {
    const { client } = await signUpClient(t.client());
    const keys: Record<string, string> = {};
    for (const scope of ['read', 'read-write']) {
      const created = await client.post('/api/customers/api-keys', { apiKeyName: `CRM ${scope}`, scope });
      keys[scope] = created.json().apiKey;
    }
    const api = t.client();
    expect(
      (await api.post('/api/contacts', { emailAddress: uniqueEmail() }, bearer(keys.read!))).statusCode,
    ).toBe(403);
    const written = await api.post(
      '/api/contacts',
      { emailAddress: uniqueEmail() },
      bearer(keys['read-write']!),
    );
    expect(written.statusCode, written.body).toBe(201);
    expect((await api.get('/api/contacts', bearer(keys.read!))).json().total).toBe(1);
  });
});

describe('contacts from sends', () => {
  it('a single send creates the contact; a later send to the same address finds it; the page lists both', async () => {
    const { client, startup, template } = await sender(t);
    const email = uniqueEmail();
    const phone = uniquePhone();
    t.setNow(new Date('2026-03-01T10:00:00Z'));
    const first = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: email }],
    });
    expect(first.statusCode, first.body).toBe(201);
    t.setNow(new Date('2026-04-15T10:00:00Z'));
    const second = await send(client, template.surveyTemplateVersionId, {
      surveyContactMethods: [
        { contactMethodType: 'phone', phoneNumber: phone },
        { contactMethodType: 'email', emailAddress: email },
      ],
    });
    expect(second.statusCode, second.body).toBe(201);
    t.setNow(undefined);

    const rows = await contactRows(startup.workspaces[0]!.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ emailAddress: email, phoneNumber: phone });
    expect(rows[0]!.lastSurveyedAt?.toISOString()).toBe('2026-04-15T10:00:00.000Z');

    const page = await client.get(`/api/contacts/${rows[0]!.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual([
      second.json().surveyId,
      first.json().surveyId,
    ]);
    expect(page.json().surveys[0]).toMatchObject({
      surveyTemplateName: template.surveyTemplateName,
      surveyState: 'SENT',
      compositePercentage: null,
      cases: [],
    });
    expect(page.json().suppressions).toEqual([]);

    await client.post('/api/workspace/suppressions', { contact: email });
    expect((await client.get(`/api/contacts/${rows[0]!.id}`)).json().suppressions).toEqual([
      { contact: email, reason: 'added-by-staff', createdAt: expect.any(String) },
    ]);
  });

  it('a bulk send makes one contact per person, however many rows name them', async () => {
    const { client, startup, template } = await sender(t);
    // Without the fatigue rule, so every row is sent (contact-fatigue.test.ts holds the rule).
    expect((await client.put('/api/workspace/contact-settings', { fatigueDays: 0 })).statusCode).toBe(200);
    const [ada, bob] = [uniqueEmail(), uniqueEmail()];
    const phone = uniquePhone();
    const response = await client.post('/api/surveys/bulk', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      rows: [
        { emailAddress: ada, properties: { 'First name': 'Ada' } },
        { emailAddress: bob, phoneNumber: phone, properties: { 'First name': 'Bob' } },
        { phoneNumber: phone, properties: { 'First name': 'Bob' } },
        { emailAddress: ada.toUpperCase(), properties: { 'First name': 'Ada' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created).toBe(4);
    const rows = await contactRows(startup.workspaces[0]!.workspaceId);
    expect(rows.map((row) => [row.emailAddress, row.phoneNumber]).sort()).toEqual(
      [
        [ada, null],
        [bob, phone],
      ].sort(),
    );
    const sent = await t.ctx.db
      .select()
      .from(surveys)
      .where(eq(surveys.templateId, template.surveyTemplateId));
    const bobId = rows.find((row) => row.emailAddress === bob)!.id;
    expect(sent.filter((survey) => survey.contactId === bobId)).toHaveLength(2);
    expect(sent.every((survey) => survey.contactId !== null)).toBe(true);
  });

  it('a public link carrying a contact records it; one without records none', async () => {
    const setup = await linkSetup(t);
    const link = await createLink(setup);
    const email = uniqueEmail();
    expect((await start(visitor(t), link.slug, { email })).statusCode).toBe(201);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
    const rows = await contactRows(setup.workspaceId);
    expect(rows.map((row) => row.emailAddress)).toEqual([email]);
    const linked = await t.ctx.db.select().from(surveys).where(eq(surveys.contactId, rows[0]!.id));
    expect(linked).toHaveLength(1);
  });
});
