import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { TestMailbox } from '../../test/smtp.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { uniqueEmail } from '../alerts/test-alerts-fixtures.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

// What the cases tests share: a workspace with an admin, an editor and a viewer, a template whose low
// NPS alert opens a case, and completed surveys.

async function joinAs(t: TestApp, admin: TestClient, role: 'viewer' | 'editor' | 'admin') {
  const emailAddress = uniqueEmail(role);
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const { client, startup } = await signUpClient(t.client(), {
    emailAddress,
    firstName: role === 'editor' ? 'Eddie' : 'Vera',
    lastName: 'Member',
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return { client, accountId: startup.account.accountId, emailAddress };
}

export async function caseWorkspace(t: TestApp) {
  const { client: admin, startup, body } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
  const editor = await joinAs(t, admin, 'editor');
  const viewer = await joinAs(t, admin, 'viewer');
  return {
    admin,
    adminId: startup.account.accountId,
    adminEmail: body.emailAddress,
    editor,
    viewer,
  };
}

export async function caseTemplate(
  admin: TestClient,
  alert: { defaultAssigneeId?: string | null; responseHours?: number | null } = {},
) {
  const questions = everyQuestion();
  const firstName = { id: randomUUID(), type: 'Text', label: 'First name' };
  const template = await publishTemplate(
    admin,
    { openingText: 'Hello [First name]', properties: [firstName], questions: Object.values(questions) },
    {
      name: `Service check ${randomUUID().slice(0, 6)}`,
      settings: {
        alerts: [
          {
            id: 'detractor',
            name: 'Unhappy customer',
            conditions: [{ surveyQuestionId: questions.nps.id, operator: 'LESS_THAN', value: 7 }],
            recipients: [uniqueEmail('chief')],
            ...alert,
          },
        ],
      },
    },
  );
  return { ...template, questions, firstName };
}

type Template = Awaited<ReturnType<typeof caseTemplate>>;

/** Sends a survey, completes it with this NPS, and answers the case it opened (if any). */
export async function answerNps(
  t: TestApp,
  client: TestClient,
  template: Template,
  nps: number,
  contact: object = { contactMethodType: 'email', emailAddress: uniqueEmail('respondent') },
) {
  const sent = await client.post('/api/surveys/', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    surveyContactMethods: [contact],
    surveyProperties: { [template.firstName.id]: 'Grace' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const surveyId = sent.json().surveyId as string;
  const completed = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [template.questions.nps.id]: nps },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  const listed = await client.get(`/api/cases?surveyId=${surveyId}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return { surveyId, case: listed.json().cases[0] as { caseId: string } & Record<string, unknown> };
}

/** The first e-mail to `to` whose subject starts so, waited for. */
export async function mailTo(mailbox: TestMailbox, to: string, subjectStart: string): Promise<ParsedMail> {
  const find = () =>
    mailbox.messages.find(
      (mail) =>
        mail.subject?.startsWith(subjectStart) &&
        [mail.to ?? []].flat().some((address) => address.value.some((value) => value.address === to)),
    );
  await expect.poll(() => find() !== undefined, { timeout: 5000 }).toBe(true);
  return find()!;
}
