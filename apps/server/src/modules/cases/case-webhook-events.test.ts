import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addWebhook } from '../webhooks/test-webhooks-fixtures.js';
import { escalateOverdueCases } from './case-escalation.js';
import { answerNps, caseTemplate, caseWorkspace } from './test-cases-fixtures.js';

// `case.updated` for every change to a case (docs/decisions/047-connect-gaps.md).

let t: TestApp;
beforeAll(async () => {
  // The receiver is never listened to: the events written are what this test reads.
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
});
afterAll(() => t.close());

async function caseUpdates(workspaceId: string, caseId: string) {
  const rows = await t.ctx.db
    .select({ data: webhookEvents.data })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'case.updated')))
    .orderBy(asc(webhookEvents.occurredAt));
  return rows.map((row) => row.data).filter((data) => data.caseId === caseId);
}

describe('case.updated', () => {
  it('is sent for a note, a reply, an assignee, a status and an escalation, each saying what changed', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const workspaceId = (await admin.get('/api/accounts/startup')).json().workspaces[0].workspaceId;
    await addWebhook(admin, 'http://127.0.0.1:9/hooks', ['case.updated']);
    const template = await caseTemplate(admin, { responseHours: 2 });
    const start = new Date();
    t.setNow(start);
    try {
      const { case: opened } = await answerNps(t, admin, template, 1);
      const caseId = opened.caseId;
      const at = (minutes: number) => t.setNow(new Date(start.getTime() + minutes * 60_000));

      at(1);
      expect(
        (await editor.client.post(`/api/cases/${caseId}/notes`, { note: 'Called, no answer' })).statusCode,
      ).toBe(201);
      at(2);
      const reply = await editor.client.post(`/api/cases/${caseId}/reply`, {
        channel: 'email',
        subject: 'About your visit',
        body: 'We are sorry.',
      });
      expect(reply.statusCode, reply.body).toBe(201);
      at(3);
      expect((await admin.patch(`/api/cases/${caseId}`, { assigneeId: editor.accountId })).statusCode).toBe(
        200,
      );
      at(180);
      await escalateOverdueCases(t.ctx);

      const updates = await caseUpdates(workspaceId, caseId);
      expect(updates.map((data) => data.changes)).toEqual([
        { note: { text: 'Called, no answer' } },
        { reply: { channel: 'email' }, status: { from: 'open', to: 'in_progress' } },
        { assigneeAccountId: { from: null, to: editor.accountId } },
        { escalated: { at: new Date(start.getTime() + 180 * 60_000).toISOString() } },
      ]);
      expect(updates[3]).toMatchObject({
        caseId,
        status: 'in_progress',
        assigneeAccountId: editor.accountId,
        dueAt: expect.any(String),
      });
    } finally {
      t.setNow(undefined);
    }
  });

  it('is not written for a workspace without a webhook on it', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const workspaceId = (await admin.get('/api/accounts/startup')).json().workspaces[0].workspaceId;
    await addWebhook(admin, 'http://127.0.0.1:9/hooks', ['survey.completed']);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    await editor.client.post(`/api/cases/${opened.caseId}/notes`, { note: 'Quiet' });
    expect(await caseUpdates(workspaceId, opened.caseId)).toEqual([]);
  });
});
