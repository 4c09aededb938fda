import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../modules/surveys/test-fixtures.js';
import { nps } from '../modules/templates/test-templates-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpClient, type TestClient } from '../test/test-client.js';

// Contacts and sends on /api/v1 (docs/decisions/047-connect-gaps.md): their scopes, the upsert's
// deduplication, cursor paging and another workspace's objects.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function keyFor(admin: TestClient, scopes: string[]): Promise<string> {
  const created = await admin.post('/api/customers/api-keys', { apiKeyName: 'Connect', scopes });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().apiKey;
}

function call(apiKey: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(body === undefined ? {} : { payload: body as object }),
  }) as Promise<LightMyRequestResponse>;
}

async function readAllPages(apiKey: string, url: string, items: string, idOf: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page = await call(
      apiKey,
      'GET',
      `${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    ids.push(...page.json()[items].map((item: Record<string, string>) => item[idOf]));
    cursor = page.json().next;
    pages += 1;
  } while (cursor && pages < 20);
  return { ids, pages };
}

describe('contacts on /api/v1', () => {
  it('creates a contact, then updates the same one for the same e-mail address (201, then 200)', async () => {
    const { client: admin } = await signUpClient(t.client());
    const writer = await keyFor(admin, ['contacts:write']);
    const created = await call(writer, 'POST', '/api/v1/contacts', {
      emailAddress: 'Ada@Example.com',
      name: 'Ada',
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await call(writer, 'POST', '/api/v1/contacts', {
      emailAddress: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      contactId: created.json().contactId,
      emailAddress: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    const changed = await call(writer, 'PATCH', `/api/v1/contacts/${created.json().contactId}`, {
      name: 'Countess',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = await call(writer, 'GET', `/api/v1/contacts/${created.json().contactId}`);
    expect(read.json().contact.name).toBe('Countess');
  });

  it('holds contacts to their scopes: a sends key may not read them, a read key may not write', async () => {
    const { client: admin } = await signUpClient(t.client());
    const sendsOnly = await keyFor(admin, ['sends:read']);
    const reader = await keyFor(admin, ['contacts:read']);
    const refused = await call(sendsOnly, 'GET', '/api/v1/contacts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This API key may not read contacts: it needs the contacts:read scope.',
    );
    expect((await call(reader, 'GET', '/api/v1/contacts')).statusCode).toBe(200);
    const write = await call(reader, 'POST', '/api/v1/contacts', { emailAddress: 'no@example.com' });
    expect(write.statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/v1/contacts')).json()).toEqual({ contacts: [], next: null });
  });

  it('refuses a contact without an address with 400 and writes nothing', async () => {
    const { client: admin } = await signUpClient(t.client());
    const writer = await keyFor(admin, ['contacts:write']);
    const refused = await call(writer, 'POST', '/api/v1/contacts', { name: 'Nobody' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toEqual(expect.any(String));
    expect((await call(writer, 'GET', '/api/v1/contacts')).json().contacts).toEqual([]);
  });

  it('pages every contact once, newest first, and keeps to the search', async () => {
    const { client: admin } = await signUpClient(t.client());
    const writer = await keyFor(admin, ['contacts:write']);
    const made: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const created = await call(writer, 'POST', '/api/v1/contacts', {
        emailAddress: `person${index}@${index % 2 === 0 ? 'even' : 'odd'}.example.com`,
      });
      made.push(created.json().contactId);
    }
    const all = await readAllPages(writer, '/api/v1/contacts', 'contacts', 'contactId', 3);
    expect(all.pages).toBe(3);
    expect(new Set(all.ids).size).toBe(7);
    expect([...all.ids].sort()).toEqual([...made].sort());
    const odd = await readAllPages(writer, '/api/v1/contacts?search=odd', 'contacts', 'contactId', 2);
    expect(odd.ids).toHaveLength(3);
    expect(odd.pages).toBe(2);
  });

  it("answers 404 for another workspace's contact", async () => {
    const { client: first } = await signUpClient(t.client());
    const { client: second } = await signUpClient(t.client());
    const firstKey = await keyFor(first, ['contacts:write']);
    const secondKey = await keyFor(second, ['contacts:write']);
    const created = await call(firstKey, 'POST', '/api/v1/contacts', { emailAddress: 'mine@example.com' });
    const id = created.json().contactId;
    expect((await call(secondKey, 'GET', `/api/v1/contacts/${id}`)).statusCode).toBe(404);
    const patch = await call(secondKey, 'PATCH', `/api/v1/contacts/${id}`, { name: 'Theirs' });
    expect(patch.statusCode).toBe(404);
    expect((await call(firstKey, 'GET', `/api/v1/contacts/${id}`)).json().contact.name).toBeNull();
  });
});

describe('sends on /api/v1', () => {
  it('lists the surveys sent, newest first, with their state, by cursor and filters', async () => {
    const { client: admin } = await signUpClient(t.client());
    const sender = await keyFor(admin, ['sends:write']);
    const first = await publishTemplate(admin, { properties: [], questions: [nps()] }, { name: 'First' });
    const second = await publishTemplate(admin, { properties: [], questions: [nps()] }, { name: 'Second' });
    const sent: string[] = [];
    for (const [index, template] of [first, first, first, second].entries()) {
      const reply = await call(sender, 'POST', '/api/v1/surveys', {
        surveyTemplateVersionId: template.surveyTemplateVersionId,
        surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `sent${index}@example.com` }],
      });
      expect(reply.statusCode, reply.body).toBe(201);
      sent.push(reply.json().surveyId);
    }
    const all = await readAllPages(sender, '/api/v1/sends', 'sends', 'surveyId', 3);
    expect([...all.ids].sort()).toEqual([...sent].sort());
    expect(all.pages).toBe(2);
    const page = await call(sender, 'GET', `/api/v1/sends?surveyTemplateId=${second.surveyTemplateId}`);
    expect(page.json()).toEqual({
      sends: [
        expect.objectContaining({
          surveyId: sent[3],
          surveyTemplateName: 'Second',
          surveyState: 'SENT',
          surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'sent3@example.com' }],
          contactId: expect.any(String),
          firstOpenedAt: null,
        }),
      ],
      next: null,
    });
    const complete = await call(sender, 'GET', '/api/v1/sends?surveyState=COMPLETE');
    expect(complete.json()).toEqual({ sends: [], next: null });
  });

  it("needs sends:read, refuses a bad state with 400 and another workspace's template with 404", async () => {
    const { client: admin } = await signUpClient(t.client());
    const { client: other } = await signUpClient(t.client());
    const contactsOnly = await keyFor(admin, ['contacts:read']);
    const reader = await keyFor(admin, ['sends:read']);
    const theirs = await publishTemplate(other, { properties: [], questions: [nps()] }, { name: 'Theirs' });
    expect((await call(contactsOnly, 'GET', '/api/v1/sends')).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/v1/sends?surveyState=LOST')).statusCode).toBe(400);
    const foreign = await call(reader, 'GET', `/api/v1/sends?surveyTemplateId=${theirs.surveyTemplateId}`);
    expect(foreign.statusCode).toBe(404);
  });
});
