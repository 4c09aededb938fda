import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { uniqueEmail } from '../alerts/test-alerts-fixtures.js';
import { auditRowsOf, lastRowOf } from '../audit/test-audit-fixtures.js';
import { startSendingTestApp } from '../surveys/test-sending-fixtures.js';
import { escalateOverdueCases } from './case-escalation.js';
import { answerNps, caseTemplate, caseWorkspace } from './test-cases-fixtures.js';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startSendingTestApp());
});
afterAll(() => close());

// Case changes are changes of consequence: each writes its audit row in the change's transaction
// (docs/decisions/017-audit-log.md), naming the case, never the notes' or replies' text.
describe('cases in the audit log', () => {
  it('records opening, assignment, status changes, notes, replies and escalation', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const workspaceId = admin.cookies.get('x-workspace-id')!;
    const template = await caseTemplate(admin, { responseHours: 1 });
    const { case: opened } = await answerNps(t, admin, template, 2, {
      contactMethodType: 'email',
      emailAddress: uniqueEmail('grace'),
    });
    const caseTarget = { targetType: 'case', targetId: opened.caseId };
    expect(await lastRowOf(t, workspaceId, 'case.opened')).toMatchObject({
      ...caseTarget,
      actorKind: 'system',
    });

    const url = `/api/cases/${opened.caseId}`;
    expect((await editor.client.patch(url, { assigneeId: editor.accountId })).statusCode).toBe(200);
    const assigned = await lastRowOf(t, workspaceId, 'case.assigned');
    expect(assigned).toMatchObject({ ...caseTarget, actorKind: 'member', actorAccountId: editor.accountId });
    expect(assigned.details).toMatchObject({
      before: { assigneeAccountId: null },
      after: { assigneeAccountId: editor.accountId },
    });

    expect((await editor.client.post(`${url}/notes`, { note: 'Called, no answer' })).statusCode).toBe(201);
    const noted = await lastRowOf(t, workspaceId, 'case.note-added');
    expect(JSON.stringify(noted)).not.toContain('Called, no answer');

    const reply = await editor.client.post(`${url}/reply`, {
      channel: 'email',
      subject: 'Sorry',
      body: 'We are sorry.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await lastRowOf(t, workspaceId, 'case.replied')).details).toEqual({ channel: 'email' });

    expect((await editor.client.patch(url, { status: 'resolved' })).statusCode).toBe(200);
    expect((await lastRowOf(t, workspaceId, 'case.status-changed')).details).toMatchObject({
      before: { status: 'in_progress' },
      after: { status: 'resolved' },
    });

    // A refused change leaves no row.
    const rowCount = (await auditRowsOf(t, workspaceId)).length;
    expect((await editor.client.patch(url, { status: 'in_progress' })).statusCode).toBe(400);
    expect(await auditRowsOf(t, workspaceId)).toHaveLength(rowCount);
  });

  it('records the escalation of an overdue case as the job', async () => {
    const { admin } = await caseWorkspace(t);
    const workspaceId = admin.cookies.get('x-workspace-id')!;
    const template = await caseTemplate(admin, { responseHours: 1 });
    const { case: opened } = await answerNps(t, admin, template, 1);
    t.setNow(new Date(Date.now() + 2 * 3600_000));
    try {
      expect(await escalateOverdueCases(t.ctx)).toBeGreaterThan(0);
    } finally {
      t.setNow(undefined);
    }
    expect(await lastRowOf(t, workspaceId, 'case.escalated')).toMatchObject({
      targetId: opened.caseId,
      actorKind: 'system',
    });
  });
});
