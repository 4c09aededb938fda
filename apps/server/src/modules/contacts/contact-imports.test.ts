import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { contactImports, contacts } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { maxImportAttempts, runContactImport } from './contact-imports.service.js';

/** The context with a database whose transactions fail as a cut connection does. */
function withTransactionsFailing(ctx: AppContext): AppContext {
  const db = new Proxy(ctx.db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return async () => {
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { ...ctx, db };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setUp(): Promise<{ client: TestClient; workspaceId: string }> {
  const { client, startup } = await signUpClient(t.client());
  const plan = await client.post('/api/contacts/attributes', {
    name: 'plan',
    displayName: 'Plan',
    type: 'STRING',
  });
  expect(plan.statusCode).toBe(201);
  const seats = await client.post('/api/contacts/attributes', {
    name: 'seats',
    displayName: 'Seats',
    type: 'NUMBER',
  });
  expect(seats.statusCode).toBe(201);
  return { client, workspaceId: startup.workspaces[0]!.workspaceId };
}

const csv = [
  'E-mail,Mobile,Full name,Plan,Seats,Notes',
  'ada@example.com,(555) 010-2000,Ada,Pro,12,first',
  'bob@example.com,,Bob,Free,x,bad seats',
  ',,Nobody,Pro,1,no address',
  'not-an-address,,Carl,Pro,1,bad address',
  'ADA@example.com,,Ada Lovelace,,,again',
  ',5550103000,Dan,Pro,3,phone only',
].join('\n');

describe('contact import', () => {
  it('previews the file with a suggested mapping, imports it through the job and reports the rejected rows', async () => {
    const { client, workspaceId } = await setUp();
    const existing = await client.post('/api/contacts', { phoneNumber: '5550103000', name: 'Daniel' });
    expect(existing.statusCode).toBe(201);

    const uploaded = await client.post('/api/contacts/imports', { csv, fileName: 'people.csv' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json();
    expect(preview.import).toMatchObject({
      status: 'uploaded',
      totalRows: 6,
      processedRows: 0,
      fileName: 'people.csv',
    });
    expect(preview.sampleRows[0]).toEqual(['ada@example.com', '(555) 010-2000', 'Ada', 'Pro', '12', 'first']);
    expect(preview.suggestedMapping).toEqual({
      'E-mail': 'emailAddress',
      Mobile: 'phoneNumber',
      'Full name': 'name',
      Plan: 'attribute:plan',
      Seats: 'attribute:seats',
      Notes: '',
    });
    expect(await t.ctx.db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId))).toHaveLength(
      1,
    );

    const importId = preview.import.importId;
    const started = await client.post(`/api/contacts/imports/${importId}/start`, {
      mapping: preview.suggestedMapping,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().status).toBe('running');
    expect(
      (await client.post(`/api/contacts/imports/${importId}/start`, { mapping: preview.suggestedMapping }))
        .statusCode,
    ).toBe(409);

    await runContactImport(t.ctx, importId);
    const report = (await client.get(`/api/contacts/imports/${importId}`)).json();
    expect(report).toMatchObject({
      status: 'finished',
      processedRows: 6,
      createdCount: 1,
      updatedCount: 1,
      rejectedCount: 3,
      rejectedRows: [
        { row: 2, errors: { Seats: 'Seats must be a valid number' } },
        { row: 3, errors: { _: 'A contact needs an e-mail address or a phone number' } },
        { row: 4, errors: { 'E-mail': 'Enter a valid e-mail address' } },
      ],
    });
    const rows = await t.ctx.db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId));
    expect(rows.map((row) => [row.emailAddress, row.phoneNumber, row.name, row.attributes]).sort()).toEqual(
      [
        ['ada@example.com', '5550102000', 'Ada Lovelace', { plan: 'Pro', seats: 12 }],
        [null, '5550103000', 'Dan', { plan: 'Pro', seats: 3 }],
      ].sort(),
    );

    // A retried job finds the import finished and changes nothing.
    await runContactImport(t.ctx, importId);
    expect((await client.get(`/api/contacts/imports/${importId}`)).json().processedRows).toBe(6);
  });

  it('refuses a mapping without an address, with a field twice or an unknown one, and an unreadable file', async () => {
    const { client } = await setUp();
    const importId = (await client.post('/api/contacts/imports', { csv })).json().import.importId;
    const bad = [
      [{ 'Full name': 'name' }, 'Map a column to Email Address or Phone Number'],
      [
        { 'E-mail': 'emailAddress', Notes: 'emailAddress' },
        'Columns "E-mail" and "Notes" both fill the same field',
      ],
      [{ 'E-mail': 'emailAddress', Notes: 'attribute:colour' }, 'Column "Notes" maps to an unknown field'],
      [{ 'E-mail': 'emailAddress', Missing: 'name' }, 'The file has no column "Missing"'],
    ] as const;
    for (const [mapping, message] of bad) {
      const response = await client.post(`/api/contacts/imports/${importId}/start`, { mapping });
      expect(response.statusCode, JSON.stringify(mapping)).toBe(400);
      expect([response.json().message, ...Object.values(response.json().details ?? {})]).toContain(message);
    }
    expect((await client.get(`/api/contacts/imports/${importId}`)).json().status).toBe('uploaded');

    expect((await client.post('/api/contacts/imports', { csv: 'email\n' })).statusCode).toBe(400);
    expect(
      (await client.post('/api/contacts/imports', { csv: 'email,email\na@b.co,c@d.co' })).statusCode,
    ).toBe(400);
    expect((await client.post('/api/contacts/imports', { csv: 'a,"b\n1,2' })).statusCode).toBe(400);
  });

  it('marks an import failed when its file cannot be read, and retries change nothing', async () => {
    const { client } = await setUp();
    const importId = (await client.post('/api/contacts/imports', { csv })).json().import.importId;
    // A stored file the reader refuses (an unclosed quote), as a damaged row would be.
    await t.ctx.db
      .update(contactImports)
      .set({ csv: 'E-mail\n"a@b.co' })
      .where(eq(contactImports.id, importId));
    const started = await client.post(`/api/contacts/imports/${importId}/start`, {
      mapping: { 'E-mail': 'emailAddress' },
    });
    expect(started.statusCode, started.body).toBe(202);
    await runContactImport(t.ctx, importId);
    expect((await client.get(`/api/contacts/imports/${importId}`)).json()).toMatchObject({
      status: 'failed',
      processedRows: 0,
      failureReason: expect.stringContaining('The file is not a readable CSV'),
      finishedAt: expect.any(String),
    });
    await runContactImport(t.ctx, importId);
    expect((await client.get(`/api/contacts/imports/${importId}`)).json().status).toBe('failed');
  });

  it('ends failed with the reason after three passing failures, then a retry goes on and finishes', async () => {
    const { client, workspaceId } = await setUp();
    const uploaded = (await client.post('/api/contacts/imports', { csv, fileName: 'people.csv' })).json();
    const importId = uploaded.import.importId;
    const started = await client.post(`/api/contacts/imports/${importId}/start`, {
      mapping: uploaded.suggestedMapping,
    });
    expect(started.statusCode, started.body).toBe(202);
    // Retrying before it failed is refused.
    expect((await client.post(`/api/contacts/imports/${importId}/retry`)).statusCode).toBe(409);

    const failing = withTransactionsFailing(t.ctx);
    for (let attempt = 1; attempt < maxImportAttempts; attempt += 1) {
      // The job's retry runs it again: thrown, still running.
      await expect(runContactImport(failing, importId)).rejects.toThrow('Connection terminated');
      expect((await client.get(`/api/contacts/imports/${importId}`)).json().status).toBe('running');
    }
    await runContactImport(failing, importId);
    const failed = (await client.get(`/api/contacts/imports/${importId}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      processedRows: 0,
      failureReason:
        'The import stopped after 3 failed attempts: the database could not be reached. Retry it to go on from where it stopped.',
      finishedAt: expect.any(String),
    });
    expect(await t.ctx.db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId))).toEqual([]);

    const retried = await client.post(`/api/contacts/imports/${importId}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ status: 'running', failureReason: null, finishedAt: null });
    await runContactImport(t.ctx, importId);
    expect((await client.get(`/api/contacts/imports/${importId}`)).json()).toMatchObject({
      status: 'finished',
      processedRows: 6,
      createdCount: 2,
      rejectedCount: 3,
    });
    expect((await client.post(`/api/contacts/imports/${importId}/retry`)).statusCode).toBe(409);
  });

  it("answers 404 for another workspace's import", async () => {
    const { client } = await setUp();
    const other = await signUpClient(t.client());
    const importId = (await client.post('/api/contacts/imports', { csv })).json().import.importId;
    expect((await other.client.get(`/api/contacts/imports/${importId}`)).statusCode).toBe(404);
    const start = await other.client.post(`/api/contacts/imports/${importId}/start`, {
      mapping: { 'E-mail': 'emailAddress' },
    });
    expect(start.statusCode).toBe(404);
    expect((await other.client.post(`/api/contacts/imports/${importId}/retry`)).statusCode).toBe(404);
    expect((await other.client.get('/api/contacts/imports/nonsense')).statusCode).toBe(404);
  });
});
