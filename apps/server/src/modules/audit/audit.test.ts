import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { purgeExpiredAuditEvents, recordAuditEvent } from './audit.service.js';
import { verifyAuditLog } from './audit-verify.service.js';
import { actionsOf, adminOf, auditRowsOf, joinAs } from './test-audit-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sql = (text: string) => t.ctx.database.executeSql(text);

/** Changes the log as someone with the database's keys could, past the trigger. */
async function bypassingTrigger(text: string) {
  await sql('alter table audit_events disable trigger audit_events_append_only');
  try {
    await sql(text);
  } finally {
    await sql('alter table audit_events enable trigger audit_events_append_only');
  }
}

async function workspaceWithEvents(count: number) {
  const admin = await adminOf(t);
  for (let index = 0; index < count; index += 1) {
    expect((await admin.client.post('/api/lists/', { listName: `List ${index}` })).statusCode).toBe(201);
  }
  return admin;
}

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const { workspaceId } = await workspaceWithEvents(1);
    const [row] = await auditRowsOf(t, workspaceId);
    await expect(sql(`update audit_events set action = 'x' where id = '${row!.id}'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql(`delete from audit_events where id = '${row!.id}'`)).rejects.toThrow(/append-only/);
    await expect(sql('truncate audit_events')).rejects.toThrow(/append-only/);
    await expect(sql(`delete from audit_chains where chain_key = '${workspaceId}'`)).rejects.toThrow(
      /forward/,
    );
    expect(await auditRowsOf(t, workspaceId)).toHaveLength(1);
  });
});

describe('the hash chain', () => {
  it('stays one chain when changes of a workspace are written at the same time', async () => {
    const { client, workspaceId } = await adminOf(t);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, index) => client.post('/api/lists/', { listName: `Parallel ${index}` })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(created.map(() => 201));
    const rows = await auditRowsOf(t, workspaceId);
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    rows.forEach((row, index) => {
      if (index > 0) expect(row.prevHash).toBe(rows[index - 1]!.hash);
    });
    expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: true });
  });
});

describe('audit verify', () => {
  it('answers OK with the count of a whole log', async () => {
    await workspaceWithEvents(3);
    const result = await verifyAuditLog(t.ctx.db);
    expect(result).toMatchObject({ ok: true });
    expect(result.count).toBeGreaterThanOrEqual(3);
  });

  it('finds an altered row', async () => {
    const { workspaceId } = await workspaceWithEvents(3);
    const rows = await auditRowsOf(t, workspaceId);
    await bypassingTrigger(`update audit_events set target_label = 'Forged' where id = '${rows[1]!.id}'`);
    const result = await verifyAuditLog(t.ctx.db);
    expect(result).toMatchObject({
      ok: false,
      chainKey: workspaceId,
      sequence: 2,
      auditEventId: rows[1]!.id,
    });
    expect(result.ok || result.problem).toMatch(/altered/);
    await bypassingTrigger(`update audit_events set target_label = 'List 1' where id = '${rows[1]!.id}'`);
    expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('finds a removed row in the middle and at the end', async () => {
    const { workspaceId } = await workspaceWithEvents(3);
    const rows = await auditRowsOf(t, workspaceId);
    await bypassingTrigger(`delete from audit_events where id = '${rows[1]!.id}'`);
    expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: false, chainKey: workspaceId, sequence: 2 });
    await bypassingTrigger(`delete from audit_events where chain_key = '${workspaceId}'`);
    const emptied = await verifyAuditLog(t.ctx.db);
    expect(emptied).toMatchObject({ ok: false, chainKey: workspaceId, sequence: 1 });
    // Leave a whole log for the other tests: a chain of its own, replaced.
    await sql(`alter table audit_chains disable trigger audit_chains_forward_only`);
    await sql(`delete from audit_chains where chain_key = '${workspaceId}'`);
    await sql(`alter table audit_chains enable trigger audit_chains_forward_only`);
    expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: true });
  });
});

describe('retention', () => {
  it('purges events older than AUDIT_RETENTION_DAYS and the chain still verifies', async () => {
    const old = new Date(Date.UTC(2020, 0, 1));
    t.setNow(old);
    try {
      const { workspaceId } = await workspaceWithEvents(2);
      t.setNow(new Date(old.getTime() + 300 * 24 * 3600 * 1000));
      await t.ctx.db.transaction((tx) =>
        recordAuditEvent(t.ctx, tx, {
          workspaceId,
          who: { kind: 'system' },
          action: 'list.created',
          target: { type: 'list', label: 'Kept' },
        }),
      );
      t.setNow(new Date(old.getTime() + 366 * 24 * 3600 * 1000));
      expect(await purgeExpiredAuditEvents(t.ctx)).toBeGreaterThanOrEqual(2);
      const kept = await auditRowsOf(t, workspaceId);
      expect(kept.map((row) => row.targetLabel)).toEqual(['Kept']);
      expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: true });
      // The checkpoint still catches the first kept row removed.
      await bypassingTrigger(`delete from audit_events where id = '${kept[0]!.id}'`);
      expect(await verifyAuditLog(t.ctx.db)).toMatchObject({ ok: false, chainKey: workspaceId });
      await sql(`alter table audit_chains disable trigger audit_chains_forward_only`);
      await sql(`delete from audit_chains where chain_key = '${workspaceId}'`);
      await sql(`alter table audit_chains enable trigger audit_chains_forward_only`);
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('GET /api/audit-events', () => {
  it('shows an admin their workspace, filtered and paged, newest first', async () => {
    const { client, workspaceId, body } = await workspaceWithEvents(3);
    await client.put('/api/workspace/notification-settings', { timeZone: 'Europe/Paris' });
    const page = await client.get('/api/audit-events?limit=10&page=1');
    expect(page.statusCode, page.body).toBe(200);
    const list = page.json();
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
    expect(list.events[0]).toMatchObject({
      action: 'notification-settings.changed',
      actor: { kind: 'member', label: body.emailAddress },
      address: '127.0.0.1',
      details: { before: { timeZone: 'UTC' }, after: { timeZone: 'Europe/Paris' } },
    });
    const lists = (await client.get('/api/audit-events?action=list')).json();
    expect(lists.events.map((event: { target: { label: string } }) => event.target.label)).toEqual([
      'List 2',
      'List 1',
      'List 0',
    ]);
    const search = (await client.get('/api/audit-events?search=list%201')).json();
    expect(search.pagination.total).toBe(1);
    const byActor = (await client.get(`/api/audit-events?actor=${encodeURIComponent('nobody-here')}`)).json();
    expect(byActor.pagination.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get(`/api/audit-events?from=${today}&to=${today}`)).json().pagination.total).toBe(4);
    expect((await client.get('/api/audit-events?to=2000-01-01')).json().pagination.total).toBe(0);
    const paged = (await client.get('/api/audit-events?limit=10&page=2')).json();
    expect(paged.events).toEqual([]);
    expect(await actionsOf(t, workspaceId)).toHaveLength(4);
  });

  it('refuses bad filters with 400', async () => {
    const { client } = await adminOf(t);
    const response = await client.get('/api/audit-events?from=2026-02-10&to=2026-02-01');
    expect(response.statusCode).toBe(400);
    expect((await client.get('/api/audit-events?from=yesterday')).statusCode).toBe(400);
  });

  it('is for admins only (403), signed in (401), and never shows another workspace (404)', async () => {
    const { client: admin } = await adminOf(t);
    const editor = await joinAs(t, admin, 'editor');
    expect((await editor.client.get('/api/audit-events')).statusCode).toBe(403);
    expect((await editor.client.get('/api/audit-events/export.csv')).statusCode).toBe(403);
    expect((await t.client().get('/api/audit-events')).statusCode).toBe(401);
    const other = await adminOf(t);
    const foreign = await admin.get('/api/audit-events', {
      headers: { 'x-workspace-id': other.workspaceId },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/audit-events/export.csv', () => {
  it('exports the filtered log as CSV, formula-safe, and records the export', async () => {
    const { client, workspaceId } = await adminOf(t);
    expect((await client.post('/api/lists/', { listName: '=HYPERLINK("http://evil")' })).statusCode).toBe(
      201,
    );
    expect((await client.post('/api/lists/', { listName: 'Plain' })).statusCode).toBe(201);
    const response = await client.get('/api/audit-events/export.csv?action=list.created');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('When (UTC),Who,Actor type,Address,Action,Target type,Target,Target id,Details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('list.created');
    expect(lines[1]).toContain('Plain');
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(await actionsOf(t, workspaceId)).toEqual(['list.created', 'list.created', 'audit.exported']);
  });
});
