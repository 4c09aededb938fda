import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents, cases } from '../../db/schema/index.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { startSendingTestApp } from '../surveys/test-sending-fixtures.js';
import { openCasesForFiredAlerts } from './case-opening.service.js';
import { answerNps, caseTemplate, caseWorkspace, mailTo } from './test-cases-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mailbox, close } = await startSendingTestApp());
});
afterAll(() => close());

const eventTypes = async (caseId: string) =>
  (await t.ctx.db.select().from(caseEvents).where(eq(caseEvents.caseId, caseId))).map((row) => row.type);

describe('opening cases', () => {
  it('opens one case per fired alert, given to the default assignee, due after the response time', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin, { defaultAssigneeId: editor.accountId, responseHours: 4 });
    const openedAt = new Date();
    t.setNow(openedAt);
    try {
      const fired = await answerNps(t, admin, template, 3);
      expect(fired.case).toMatchObject({
        status: 'open',
        alertName: 'Unhappy customer',
        respondent: 'Grace',
        assignee: { accountId: editor.accountId, name: 'Eddie Member' },
        dueAt: new Date(openedAt.getTime() + 4 * 3600_000).toISOString(),
        isOverdue: false,
        openedAt: openedAt.toISOString(),
      });
      expect(await eventTypes(fired.case.caseId)).toEqual(['created', 'assigned']);
      const mail = await mailTo(mailbox, editor.emailAddress, 'Case');
      expect(mail.subject).toBe(`Case assigned to you: Unhappy customer (${template.surveyTemplateName})`);
      expect(mail.text).toContain(`http://graphium.test/alerts/cases/${fired.case.caseId}`);

      const quiet = await answerNps(t, admin, template, 9);
      expect(quiet.case).toBeUndefined();
    } finally {
      t.setNow(undefined);
    }
  });

  it('opens an unassigned case without a due time when the alert names neither', async () => {
    const { admin, viewer } = await caseWorkspace(t);
    // A viewer cannot own a case: the default falls back to nobody.
    const template = await caseTemplate(admin, { defaultAssigneeId: viewer.accountId });
    const fired = await answerNps(t, admin, template, 2);
    expect(fired.case).toMatchObject({ status: 'open', assignee: null, dueAt: null });
    const rows = await t.ctx.db.select().from(cases).where(eq(cases.surveyId, fired.surveyId));
    expect(rows).toHaveLength(1);
  });

  it('opens one case per survey alert even when asked twice', async () => {
    const { admin } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const fired = await answerNps(t, admin, template, 2);
    const [row] = await t.ctx.db.select().from(cases).where(eq(cases.surveyId, fired.surveyId));
    const again = await t.ctx.db.transaction((tx) =>
      openCasesForFiredAlerts(
        t.ctx,
        tx,
        [
          {
            surveyAlertId: row!.surveyAlertId,
            workspaceId: row!.workspaceId,
            workspaceName: 'Acme Tyres',
            surveyId: row!.surveyId,
            templateId: row!.templateId,
            templateName: 'x',
            alert: {
              id: 'detractor',
              name: 'Unhappy customer',
              conditions: [],
              recipients: [],
              notificationChannels: ['email'],
            },
            slackWebhookUrl: null,
          },
        ],
        t.ctx.now(),
      ),
    );
    expect(again).toEqual([]);
    expect(await t.ctx.db.select().from(cases).where(eq(cases.surveyId, fired.surveyId))).toHaveLength(1);
  });
});

describe('working a case', () => {
  it('moves Open → In progress → Resolved, reopens, and refuses a move the rules forbid', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    const url = `/api/cases/${opened.caseId}`;

    const working = await editor.client.patch(url, { status: 'in_progress', assigneeId: editor.accountId });
    expect(working.statusCode, working.body).toBe(200);
    expect(working.json()).toMatchObject({
      status: 'in_progress',
      assignee: { accountId: editor.accountId },
    });
    const resolved = await editor.client.patch(url, { status: 'resolved' });
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    const dismissed = await editor.client.patch(url, { status: 'dismissed' });
    expect(dismissed.statusCode).toBe(400);
    expect(dismissed.json().message).toBe('A case that is Resolved cannot become Dismissed.');
    const reopened = await editor.client.patch(url, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', resolvedAt: null });
    const detail = (await admin.get(url)).json();
    expect(detail.events.map((event: { type: string }) => event.type)).toEqual([
      'created',
      'status_changed',
      'assigned',
      'status_changed',
      'status_changed',
    ]);
    expect(detail.events[1]).toMatchObject({
      actor: { name: 'Eddie Member' },
      details: { from: 'open', to: 'in_progress' },
    });
  });

  it('refuses an assignee who is not an active editor or admin (400) and changes nothing', async () => {
    const { admin, viewer } = await caseWorkspace(t);
    const { startup: stranger } = await signUpClient(t.client());
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    for (const assigneeId of [viewer.accountId, stranger.account.accountId]) {
      const response = await admin.patch(`/api/cases/${opened.caseId}`, {
        assigneeId,
        status: 'in_progress',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Choose an active editor or admin of this workspace.');
    }
    expect((await admin.get(`/api/cases/${opened.caseId}`)).json()).toMatchObject({
      status: 'open',
      assignee: null,
    });
  });

  it('lets viewers read but not change cases; another workspace answers 404', async () => {
    const { admin, viewer } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    const url = `/api/cases/${opened.caseId}`;
    expect((await viewer.client.get(url)).statusCode).toBe(200);
    expect((await viewer.client.get('/api/cases')).json().total).toBe(1);
    expect((await viewer.client.patch(url, { status: 'resolved' })).statusCode).toBe(403);
    expect((await viewer.client.post(`${url}/notes`, { note: 'Hi' })).statusCode).toBe(403);
    const { client: other } = await signUpClient(t.client());
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.patch(url, { status: 'resolved' })).statusCode).toBe(404);
    expect((await other.post(`${url}/notes`, { note: 'x' })).statusCode).toBe(404);
    expect((await other.get('/api/cases')).json().total).toBe(0);
  });

  it('adds internal notes to the history and refuses an empty one', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    const added = await editor.client.post(`/api/cases/${opened.caseId}/notes`, {
      note: ' Called her back ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().events.at(-1)).toMatchObject({ type: 'note', details: { note: 'Called her back' } });
    const empty = await editor.client.post(`/api/cases/${opened.caseId}/notes`, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Write a note');
  });
});

describe('the inbox', () => {
  it('filters by status, assignee (me, none), template, overdue and date, with paging', async () => {
    const { admin, adminId, editor } = await caseWorkspace(t);
    const hurried = await caseTemplate(admin, { responseHours: 1 });
    const calm = await caseTemplate(admin);
    const first = await answerNps(t, admin, hurried, 1);
    const second = await answerNps(t, admin, calm, 2);
    await answerNps(t, admin, calm, 3);
    await admin.patch(`/api/cases/${first.case.caseId}`, { assigneeId: adminId });
    await admin.patch(`/api/cases/${second.case.caseId}`, {
      assigneeId: editor.accountId,
      status: 'resolved',
    });

    const ids = async (client: typeof admin, query: string) => {
      const response = await client.get(`/api/cases?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().cases.map((item: { caseId: string }) => item.caseId);
    };
    expect(await ids(admin, 'assignee=me')).toEqual([first.case.caseId]);
    expect(await ids(editor.client, 'assignee=me')).toEqual([second.case.caseId]);
    expect(await ids(admin, 'assignee=none')).toHaveLength(1);
    expect(await ids(admin, 'status=resolved')).toEqual([second.case.caseId]);
    expect(await ids(admin, `templateId=${hurried.surveyTemplateId}`)).toEqual([first.case.caseId]);
    expect(await ids(admin, 'overdue=true')).toEqual([]);
    t.setNow(new Date(Date.now() + 2 * 3600_000));
    try {
      expect(await ids(admin, 'overdue=true')).toEqual([first.case.caseId]);
      expect((await admin.get(`/api/cases/${first.case.caseId}`)).json().isOverdue).toBe(true);
    } finally {
      t.setNow(undefined);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(admin, `openedFrom=${today}&openedTo=${today}`)).toHaveLength(3);
    expect(await ids(admin, 'openedTo=2020-01-01')).toEqual([]);
    const paged = (await admin.get('/api/cases?limit=10&page=1')).json();
    expect(paged).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect((await admin.get('/api/cases?status=closed')).statusCode).toBe(400);
    expect((await admin.get('/api/cases?openedFrom=2026-02-01&openedTo=2026-01-01')).statusCode).toBe(400);
  });

  it('answers an API key: read scope reads cases, "me" is refused, write scope works them', async () => {
    const { admin } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 1);
    const keyOf = async (scope: 'read' | 'read-write') => {
      const created = await admin.post('/api/customers/api-keys', { apiKeyName: `Cases ${scope}`, scope });
      expect(created.statusCode, created.body).toBe(201);
      return { headers: { authorization: `Bearer ${created.json().apiKey}` } };
    };
    const reader = await keyOf('read');
    const api = t.client();
    expect((await api.get('/api/cases', reader)).json().total).toBe(1);
    const me = await api.get('/api/cases?assignee=me', reader);
    expect(me.statusCode).toBe(400);
    expect(me.json().message).toBe("An API key has no cases of its own: filter by a member's account id.");
    expect((await api.patch(`/api/cases/${opened.caseId}`, { status: 'resolved' }, reader)).statusCode).toBe(
      403,
    );
    const writer = await keyOf('read-write');
    const resolved = await api.patch(`/api/cases/${opened.caseId}`, { status: 'resolved' }, writer);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().events.at(-1)).toMatchObject({ type: 'status_changed', actor: null });
  });

  it('assigns and resolves in bulk, all or nothing; a foreign id answers 404 and changes nothing', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const a = (await answerNps(t, admin, template, 1)).case.caseId;
    const b = (await answerNps(t, admin, template, 2)).case.caseId;
    const other = await caseWorkspace(t);
    const otherTemplate = await caseTemplate(other.admin);
    const foreign = (await answerNps(t, other.admin, otherTemplate, 1)).case.caseId;

    const refused = await editor.client.post('/api/cases/bulk', { action: 'resolve', caseIds: [a, foreign] });
    expect(refused.statusCode).toBe(404);
    expect((await admin.get(`/api/cases/${a}`)).json().status).toBe('open');

    const assigned = await editor.client.post('/api/cases/bulk', {
      action: 'assign',
      caseIds: [a, b],
      assigneeId: editor.accountId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(
      assigned.json().cases.map((item: { assignee: { accountId: string } }) => item.assignee.accountId),
    ).toEqual([editor.accountId, editor.accountId]);
    const resolved = await editor.client.post('/api/cases/bulk', { action: 'resolve', caseIds: [a, b] });
    expect(resolved.json().cases.map((item: { status: string }) => item.status)).toEqual([
      'resolved',
      'resolved',
    ]);
    expect((await admin.post('/api/cases/bulk', { action: 'resolve', caseIds: [] })).statusCode).toBe(400);
  });

  it('counts cases on the summary: opened, resolved, median times', async () => {
    const { admin } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const start = new Date();
    t.setNow(start);
    try {
      const a = (await answerNps(t, admin, template, 1)).case.caseId;
      await answerNps(t, admin, template, 2);
      t.setNow(new Date(start.getTime() + 2 * 3600_000));
      await admin.patch(`/api/cases/${a}`, { status: 'resolved' });
      const figures = await admin.get(`/api/cases/figures?templateId=${template.surveyTemplateId}`);
      expect(figures.json()).toEqual({
        opened: 2,
        resolved: 1,
        medianSecondsToFirstResponse: null,
        medianSecondsToResolution: 7200,
      });
    } finally {
      t.setNow(undefined);
    }
  });
});
