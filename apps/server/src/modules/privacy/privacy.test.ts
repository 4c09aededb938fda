import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import {
  type RemovalWorld,
  readAggregates,
  rebuiltAggregates,
  seedRemovalWorld,
} from '../responses/test-removal-fixtures.js';
import { send } from '../responses/test-responses-fixtures.js';
import { findSuppressedContacts } from '../suppression/suppression.service.js';

// Decision 043: privacy requests. Erasure in both modes leaves nothing of the person in any table,
// keeps or corrects the aggregates as chosen, and keeps them unsubscribed; deletion of a survey
// corrects the aggregates, for editors of the workspace only; the access request's bundle holds
// everything found.

let t: TestApp;
let world: RemovalWorld;
let admin: TestClient;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await seedRemovalWorld(t);
  admin = world.customers[0]!.client;
  workspaceId = world.customers[0]!.workspaceId;
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

async function joinAs(role: 'viewer' | 'editor'): Promise<TestClient> {
  const emailAddress = `${role}.${Math.random().toString(36).slice(2, 9)}@staff.test`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  return (
    await signUpClient(t.client(), {
      emailAddress,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    })
  ).client;
}

/** The tables (with a row) whose rows mention `needle` anywhere, as text. */
async function tablesMentioning(needle: string): Promise<string[]> {
  const tables = (
    (await t.ctx.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  const found: string[] = [];
  for (const table of tables) {
    const result = (await t.ctx.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} x where lower(x::text) like ${`%${needle.toLowerCase()}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(result.rows[0]!.n) > 0) found.push(table);
  }
  return found;
}

const scoreTables = [
  'response_template_stats',
  'response_answer_stats',
  'response_weekly_stats',
  'response_benchmark_stats',
  'response_daily_stats',
] as const;

describe('privacy requests', () => {
  it('finds what is held about a respondent by e-mail address or phone number', async () => {
    const byEmail = await admin.get('/api/privacy/respondent?contact=Person-0-0@Example.com');
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().counts).toMatchObject({ surveys: 1, completedSurveys: 1, contacts: 1 });
    expect(byEmail.json().counts.messages).toBeGreaterThan(0);
    const byPhone = await admin.get(
      `/api/privacy/respondent?contact=${encodeURIComponent('(555) 123-0000')}`,
    );
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().surveys.map((survey: { surveyId: string }) => survey.surveyId)).toEqual([
      world.customers[0]!.surveys[0]!.id,
    ]);
    // Another workspace's respondent is not found here.
    const other = await admin.get('/api/privacy/respondent?contact=person-1-0@example.com');
    expect(other.json().counts.surveys).toBe(0);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await readAggregates(t.ctx.db);
    const search = await admin.get('/api/privacy/respondent?contact=nobody');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toMatch(/e-mail address or a phone number/);
    const both = await admin.post('/api/privacy/erasures', {
      contact: 'person-0-0@example.com',
      surveyId: world.customers[0]!.surveys[0]!.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/one of contact, surveyId or contactId/);
    const foreign = await admin.post('/api/privacy/erasures', {
      surveyId: world.customers[1]!.surveys[0]!.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await readAggregates(t.ctx.db)).toEqual(before);
  });

  it('lets only admins search, export and erase', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const member = await joinAs(role);
      expect((await member.get('/api/privacy/respondent?contact=person-0-0@example.com')).statusCode).toBe(
        403,
      );
      expect(
        (await member.get('/api/privacy/respondent/export?contact=person-0-0@example.com')).statusCode,
      ).toBe(403);
      expect(
        (await member.post('/api/privacy/erasures', { contact: 'person-0-0@example.com' })).statusCode,
      ).toBe(403);
    }
  });

  it('exports everything held as JSON and as a zip of CSV files', async () => {
    const person = world.customers[0]!.surveys[3]!;
    expect((await admin.post('/api/workspace/suppressions', { contact: person.email })).statusCode).toBe(201);
    const json = await admin.get(`/api/privacy/respondent/export?contact=${person.email}&format=json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="access-request-.*\.json"/);
    const bundle = json.json();
    expect(bundle.surveys).toHaveLength(1);
    const [survey] = bundle.surveys;
    expect(survey.surveyId).toBe(person.id);
    expect(survey.contactMethods).toEqual([{ contactMethodType: 'email', emailAddress: person.email }]);
    expect(survey.properties.map((property: { label: string }) => property.label).sort()).toEqual([
      'Plan',
      'Seats',
    ]);
    const answers = Object.fromEntries(
      survey.answers.map((answer: { questionId: string; answer: unknown }) => [
        answer.questionId,
        answer.answer,
      ]),
    );
    expect(answers[world.q.long.id]).toBe('Great prices');
    expect(answers[world.q.nps.id]).toBe(3);
    expect(bundle.contacts.map((contact: { emailAddress: string }) => contact.emailAddress)).toEqual([
      person.email,
    ]);
    expect(bundle.messages.length).toBeGreaterThan(0);
    expect(
      bundle.messages.every((message: { recipient: string }) => message.recipient === person.email),
    ).toBe(true);
    expect(bundle.suppressions).toEqual([
      expect.objectContaining({ contact: person.email, reason: 'added-by-staff' }),
    ]);

    const zip = await admin.get(`/api/privacy/respondent/export?contact=${person.email}&format=csv`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'answers.csv',
      'contacts.csv',
      'messages.csv',
      'properties.csv',
      'suppressions.csv',
      'surveys.csv',
    ]);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text('answers.csv')).toContain('Great prices');
    expect(text('properties.csv')).toContain('Plan');
    expect(text('suppressions.csv')).toContain(person.email);
    expect(text('messages.csv')).toContain(person.email);
    expect(text('surveys.csv')).toContain(person.id);
  });

  it('erases a respondent keeping scale and choice answers as anonymous figures', async () => {
    const person = world.customers[0]!.surveys[1]!;
    expect((await admin.post('/api/workspace/suppressions', { contact: person.email })).statusCode).toBe(201);
    const before = await readAggregates(t.ctx.db);
    const erased = await admin.post('/api/privacy/erasures', { contact: person.email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      eraseAnswers: false,
      surveysErased: 1,
      surveysRemoved: 0,
      contactsErased: 1,
      suppressionsKept: 1,
    });
    expect(erased.json().messagesErased).toBeGreaterThan(0);
    expect(await tablesMentioning(person.email)).toEqual([]);
    expect(await tablesMentioning('brakes for Ada')).toEqual(['surveys']); // the other workspace's survey
    const after = await readAggregates(t.ctx.db);
    // Scores, choices and benchmarks do not move; the rest equals a rebuild from the erased surveys.
    for (const table of scoreTables) expect(after[table], table).toEqual(before[table]);
    expect(after).toEqual(await rebuiltAggregates(t.ctx.db));
    const detail = await admin.get(`/api/surveys/${person.id}/response`);
    expect(detail.statusCode, detail.body).toBe(200);
    // The erased person stays unsubscribed: a new survey to the address is not sent.
    expect([...(await findSuppressedContacts(t.ctx.db, workspaceId, [person.email]))]).toEqual([
      person.email,
    ]);
    const again = await send(admin, world.customers[0]!.versionId, { email: person.email });
    const delivery = await admin.get(`/api/surveys/${again}/delivery`);
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(JSON.stringify(delivery.json())).toMatch(/skipped|unsubscribed/i);
  });

  it('erases a respondent with their answers, correcting the aggregates in the same transaction', async () => {
    const person = world.customers[0]!.surveys[0]!;
    const erased = await admin.post('/api/privacy/erasures', { contact: '555-123-0000', eraseAnswers: true });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ eraseAnswers: true, surveysErased: 0, surveysRemoved: 1 });
    expect(await tablesMentioning(person.email)).toEqual([]);
    expect(await tablesMentioning('5551230000')).toEqual([]);
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
    expect((await admin.get(`/api/surveys/${person.id}/response`)).statusCode).toBe(404);
    const audit = await admin.get('/api/audit-events?action=respondent.erased');
    expect(audit.statusCode, audit.body).toBe(200);
    const events = audit.json().events as { details: Record<string, unknown> }[];
    expect(events.map((event) => event.details.eraseAnswers).sort()).toEqual([false, true]);
    expect(JSON.stringify(events)).not.toContain('person-0-');
  });

  it('erases the respondent of a response page and of a contact page', async () => {
    const fromSurvey = world.customers[0]!.surveys[2]!;
    const bySurvey = await admin.post('/api/privacy/erasures', { surveyId: fromSurvey.id });
    expect(bySurvey.statusCode, bySurvey.body).toBe(200);
    expect(bySurvey.json().surveysErased).toBe(1);
    expect(await tablesMentioning(fromSurvey.email)).toEqual([]);
    const fromContact = world.customers[0]!.surveys[5]!;
    const contacts = await admin.get(`/api/contacts?search=${fromContact.email}`);
    expect(contacts.statusCode, contacts.body).toBe(200);
    const contactId = contacts.json().contacts[0].contactId as string;
    const byContact = await admin.post('/api/privacy/erasures', { contactId });
    expect(byContact.statusCode, byContact.body).toBe(200);
    expect(byContact.json()).toMatchObject({ surveysErased: 1, contactsErased: 1 });
    expect(await tablesMentioning(fromContact.email)).toEqual([]);
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
  });
});

describe('deleting a survey', () => {
  it('lets editors of the workspace delete one, correcting the aggregates', async () => {
    const second = world.customers[1]!;
    const target = second.surveys[2]!;
    expect((await admin.delete(`/api/surveys/${target.id}`)).statusCode).toBe(404);
    expect((await second.client.delete('/api/surveys/not-an-id')).statusCode).toBe(404);
    const invitation = await second.client.post('/api/workspaces/invite', {
      emailAddress: 'viewer.delete@staff.test',
      role: 'viewer',
    });
    const viewer = (
      await signUpClient(t.client(), {
        emailAddress: 'viewer.delete@staff.test',
        workspaceInvitationId: invitation.json().workspaceInvitationId,
      })
    ).client;
    expect((await viewer.delete(`/api/surveys/${target.id}`)).statusCode).toBe(403);
    const deleted = await second.client.delete(`/api/surveys/${target.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await second.client.delete(`/api/surveys/${target.id}`)).statusCode).toBe(404);
    expect(await tablesMentioning(target.email)).toEqual(['contacts']);
    expect(await readAggregates(t.ctx.db)).toEqual(await rebuiltAggregates(t.ctx.db));
    const list = await second.client.get(`/api/surveys?surveyTemplateId=${second.templateId}`);
    expect(list.json().surveys.map((survey: { surveyId: string }) => survey.surveyId)).not.toContain(
      target.id,
    );
    const audit = await second.client.get('/api/audit-events?action=survey.deleted');
    expect(audit.json().events).toHaveLength(1);
  });
});
