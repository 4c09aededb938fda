import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { type FakeSlack, setWebhook, startAlertsTestApp } from '../alerts/test-alerts-fixtures.js';
import { answerNps, caseTemplate, caseWorkspace, mailTo } from './test-cases-fixtures.js';

let t: TestApp;
let mailbox: TestMailbox;
let slack: FakeSlack;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mailbox, slack, close } = await startAlertsTestApp());
});
afterAll(() => close());

describe('telling the assignee', () => {
  it('e-mails the member a case is given to and posts to Slack where the workspace has a webhook', async () => {
    const { admin, editor } = await caseWorkspace(t);
    expect((await setWebhook(admin, slack.url)).statusCode).toBe(200);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 2);
    const assigned = await admin.patch(`/api/cases/${opened.caseId}`, { assigneeId: editor.accountId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mail = await mailTo(mailbox, editor.emailAddress, 'Case assigned to you');
    expect(mail.text).toContain('Respondent: Grace.');
    await expect
      .poll(() => slack.received.some((item) => item.body.text.includes('Case assigned to Eddie Member')), {
        timeout: 5000,
      })
      .toBe(true);
  });

  it('tells nobody when members take a case themselves', async () => {
    const { admin, editor } = await caseWorkspace(t);
    const template = await caseTemplate(admin);
    const { case: opened } = await answerNps(t, admin, template, 2);
    const taken = await editor.client.patch(`/api/cases/${opened.caseId}`, { assigneeId: editor.accountId });
    expect(taken.statusCode).toBe(200);
    const notices = await t.ctx.db.query.outboxMessages.findMany({
      where: (message, { and, eq }) =>
        and(eq(message.purpose, 'case-notice'), eq(message.recipient, editor.emailAddress)),
    });
    expect(notices).toEqual([]);
  });
});
