import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

// What the digest tests share: workspaces with a time zone, members by role, templates and surveys
// completed at chosen times.

/** A new admin with a workspace of their own, in this time zone. */
export async function workspaceIn(t: TestApp, timeZone = 'UTC') {
  const { client, body, startup } = await signUpClient(t.client());
  if (timeZone !== 'UTC') {
    const saved = await client.put('/api/workspace/notification-settings', { timeZone });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return {
    client,
    emailAddress: body.emailAddress,
    accountId: startup.account.accountId,
    workspaceId: startup.workspaces[0]!.workspaceId,
  };
}

/** A colleague with `role` in the admin's workspace, joined through an invitation. */
export async function joinAs(t: TestApp, admin: TestClient, role: 'viewer' | 'editor' | 'admin') {
  const emailAddress = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const { client, startup } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return { client, emailAddress, accountId: startup.account.accountId };
}

/** A published template with an NPS, a composite star rating and a long text question. */
export async function digestTemplate(client: TestClient, name = 'After your visit') {
  const questions = everyQuestion();
  const template = await publishTemplate(
    client,
    {
      openingText: 'Hello',
      properties: [],
      // The star rating alone makes the composite score.
      questions: [
        questions.nps,
        { ...questions.stars, compositeScore: { enabled: true, value: 1 } },
        questions.long,
      ],
    },
    { name },
  );
  return { ...template, questions };
}

let sequence = 0;

/** Sends a survey at `sentAt` and completes it at `completedAt` (the services' clock). */
export async function completeAt(
  t: TestApp,
  client: TestClient,
  versionId: string,
  answers: Record<string, unknown>,
  times: { sentAt: Date; completedAt?: Date },
): Promise<string> {
  sequence += 1;
  t.setNow(times.sentAt);
  const sent = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [
      { contactMethodType: 'email', emailAddress: `respondent.${sequence}@example.com` },
    ],
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const surveyId = sent.json().surveyId as string;
  if (times.completedAt) {
    t.setNow(times.completedAt);
    const completed = await t
      .client()
      .patch(`/api/surveys/${surveyId}?markAsComplete=true`, { surveyResponses: answers });
    expect(completed.statusCode, completed.body).toBe(200);
  }
  t.setNow(undefined);
  return surveyId;
}
