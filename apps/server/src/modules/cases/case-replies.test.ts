import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import type { TestSmsProvider } from '../../test/sms-provider.js';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { uniqueEmail } from '../alerts/test-alerts-fixtures.js';
import { startSendingTestApp, uniquePhone } from '../surveys/test-sending-fixtures.js';
import { escalateOverdueCases } from './case-escalation.js';
import { answerNps, caseTemplate, caseWorkspace, mailTo } from './test-cases-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
let sms: TestSmsProvider;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mailbox, sms, close } = await startSendingTestApp());
});
afterAll(() => close());

const typesOf = (detail: { events: { type: string }[] }) => detail.events.map((event) => event.type);

describe('replying to the respondent', () => {
  it('e-mails the respondent through the outbox with the tokens filled, and records it', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const respondent = uniqueEmail('grace');
    const { case: opened } = await answerNps(t, admin, template, 2, {
      contactMethodType: 'email',
      emailAddress: respondent,
    });
    const reply = await editor.client.post(`/api/cases/${opened.caseId}/reply`, {
      channel: 'email',
      subject: 'About your visit, [First name]',
      body: 'Hello [First name],\nWe are sorry. [Unknown]',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const detail = reply.json();
    expect(detail).toMatchObject({ status: 'in_progress', firstResponseAt: expect.any(String) });
    expect(typesOf(detail)).toEqual(['created', 'reply_sent', 'status_changed']);
    expect(detail.events[1]).toMatchObject({
      actor: { name: 'Eddie Member' },
      details: { channel: 'email', recipient: respondent, subject: 'About your visit, Grace' },
    });
    const mail = await mailTo(mailbox, respondent, 'About your visit');
    expect(mail.subject).toBe('About your visit, Grace');
    expect(mail.text).toContain('Hello Grace,');
    expect(mail.text).toContain('We are sorry.');
    expect(mail.text).not.toContain('[Unknown]');
    const lines = Object.fromEntries(mail.headerLines.map((line) => [line.key, line.line]));
    expect(lines['list-unsubscribe']).toMatch(/<http:\/\/graphium\.test\/api\/unsubscribe\/\S+>/);
  });

  it('refuses a suppressed contact with a clear message and writes nothing', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const respondent = uniqueEmail('gone');
    const { case: opened } = await answerNps(t, admin, template, 2, {
      contactMethodType: 'email',
      emailAddress: respondent,
    });
    expect((await admin.post('/api/workspace/suppressions', { contact: respondent })).statusCode).toBe(201);
    const reply = await editor.client.post(`/api/cases/${opened.caseId}/reply`, {
      channel: 'email',
      subject: 'Sorry',
      body: 'Hello',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'This respondent unsubscribed from your messages (or is on the suppression list): nothing was sent.',
    );
    const messages = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, respondent));
    expect(messages.filter((message) => message.purpose === 'case-reply')).toEqual([]);
    const detail = (await admin.get(`/api/cases/${opened.caseId}`)).json();
    expect(detail).toMatchObject({ status: 'open', firstResponseAt: null });
    expect(typesOf(detail)).toEqual(['created']);
  });

  it('texts a respondent surveyed by SMS, refuses e-mail without an address, and a viewer', async () => {
    const { admin, editor, viewer } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const phone = uniquePhone();
    const { case: opened } = await answerNps(t, admin, template, 2, {
      contactMethodType: 'phone',
      phoneNumber: phone,
    });
    const url = `/api/cases/${opened.caseId}/reply`;
    const noEmail = await editor.client.post(url, { channel: 'email', subject: 'Hi', body: 'Hello' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('This survey went to no e-mail address: reply by SMS.');
    expect((await viewer.client.post(url, { channel: 'sms', body: 'Hello' })).statusCode).toBe(403);
    const texted = await editor.client.post(url, {
      channel: 'sms',
      body: 'Hi [First name], we will call you.',
    });
    expect(texted.statusCode, texted.body).toBe(201);
    const reply = () => sms.messages.find((message) => message.form.Body?.includes('we will call you'));
    await expect.poll(() => reply() !== undefined, { timeout: 5000 }).toBe(true);
    expect(reply()!.form).toMatchObject({
      To: `+1${phone}`,
      Body: 'Acme Tyres: Hi Grace, we will call you. Reply STOP to opt out.',
    });
  });

  it('shows a reply that finally failed in the case history', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const respondent = uniqueEmail('bounce');
    mailbox.refusals.set(respondent, 550);
    const { case: opened } = await answerNps(t, admin, template, 2, {
      contactMethodType: 'email',
      emailAddress: respondent,
    });
    const reply = await editor.client.post(`/api/cases/${opened.caseId}/reply`, {
      channel: 'email',
      subject: 'Sorry',
      body: 'Hello',
    });
    expect(reply.statusCode).toBe(201);
    await expect
      .poll(async () => typesOf((await admin.get(`/api/cases/${opened.caseId}`)).json()), { timeout: 10_000 })
      .toContain('reply_failed');
    const detail = (await admin.get(`/api/cases/${opened.caseId}`)).json();
    expect(detail.events.filter((event: { type: string }) => event.type === 'reply_failed')).toEqual([
      expect.objectContaining({ actor: null, details: expect.objectContaining({ recipient: respondent }) }),
    ]);
  });
});

describe('escalation', () => {
  it('escalates an overdue case once to the admins', async () => {
    const { admin, adminEmail, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin, { defaultAssigneeId: editor.accountId, responseHours: 2 });
    const start = new Date();
    t.setNow(start);
    try {
      const { case: opened } = await answerNps(t, admin, template, 1);
      await escalateOverdueCases(t.ctx);
      expect(typesOf((await admin.get(`/api/cases/${opened.caseId}`)).json())).not.toContain('escalated');
      t.setNow(new Date(start.getTime() + 3 * 3600_000));
      await escalateOverdueCases(t.ctx);
      await escalateOverdueCases(t.ctx);
      const detail = (await admin.get(`/api/cases/${opened.caseId}`)).json();
      expect(detail.events.filter((event: { type: string }) => event.type === 'escalated')).toEqual([
        expect.objectContaining({ actor: null, details: { escalatedTo: [adminEmail.toLowerCase()] } }),
      ]);
      expect(detail).toMatchObject({ isOverdue: true, escalatedAt: expect.any(String) });
      const mail = await mailTo(mailbox, adminEmail.toLowerCase(), 'Overdue case');
      expect(mail.text).toContain('Assignee: Eddie Member.');
    } finally {
      t.setNow(undefined);
    }
  });
});
