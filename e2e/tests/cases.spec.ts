import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  linkIn,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// decision 019: a low NPS answer fires an alert that opens a case; an editor assigns it to
// themselves, replies to the respondent by e-mail (tokens filled, through the outbox) and resolves
// it; the admin reads each step in the audit log (decision 017).

test('a low NPS answer opens a case that an editor assigns, replies to and resolves; an admin reads it in the audit log', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const admin = newPerson('Cara', 'Cases');
  await signUp(page, admin, 'Case Garage');
  const editor = newPerson('Eddie', 'Editor');

  // The admin invites an editor, who joins.
  await callApi(page.request, 'post', '/api/workspaces/invite', {
    emailAddress: editor.emailAddress,
    role: 'editor',
  });
  const invitation = await waitForMail(editor.emailAddress);
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await editorPage.goto(linkIn(invitation, /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/));
  await editorPage.getByRole('button', { name: 'Join this organization' }).click();
  await editorPage.getByLabel('First Name').fill(editor.firstName);
  await editorPage.getByLabel('Last Name').fill(editor.lastName);
  await editorPage.getByLabel('Password', { exact: true }).fill(editor.password);
  await editorPage.getByLabel(/I agree to the/).check();
  await editorPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(editorPage).toHaveURL(/\/dashboard$/);

  // A template whose alert (NPS below 7) opens a case due in 24 hours; a respondent answers 3.
  const question = {
    id: randomUUID(),
    type: 'NetPromoterScore',
    question: 'How likely are you to recommend us?',
    label: 'Recommend',
    validation: { required: true },
    startLabel: 'Not at all',
    endLabel: 'Extremely',
  };
  const firstName = { id: randomUUID(), type: 'Text', label: 'First name' };
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Tyre fitting',
    surveyTemplateDescription: 'After each fitting',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello',
      closingText: 'Thanks',
      properties: [firstName],
      questions: [question],
    },
    surveyTemplateSettings: {
      alerts: [
        {
          id: randomUUID(),
          name: 'Detractor',
          conditions: [{ surveyQuestionId: question.id, operator: 'LESS_THAN', value: 7 }],
          recipients: [admin.emailAddress],
          notificationChannels: ['email'],
          responseHours: 24,
        },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const respondentEmail = uniqueEmail('rita');
  const survey = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: respondentEmail }],
    surveyProperties: { [firstName.id]: 'Rita' },
  });
  const surveyId = survey.surveyId as string;
  const respondent = await playwright.request.newContext({ baseURL });
  await respondent.get('/api/health');
  await callApi(respondent, 'patch', `/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [question.id]: 3 },
  });

  // The editor finds the case in the inbox.
  await editorPage.goto('/alerts');
  await editorPage
    .getByRole('navigation', { name: 'Alerts views' })
    .getByRole('link', { name: 'Cases' })
    .click();
  await expect(editorPage).toHaveURL(/\/alerts\/cases$/);
  const table = editorPage.getByRole('table', { name: 'Cases' });
  await expect(async () => {
    await editorPage.reload();
    await expect(table.getByRole('link', { name: 'Detractor' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const row = table.getByRole('row').filter({ has: editorPage.getByRole('link', { name: 'Detractor' }) });
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row.getByText('Nobody', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(editorPage);

  // Assign it to themselves, reply by e-mail, resolve.
  await row.getByRole('link', { name: 'Detractor' }).click();
  await expect(editorPage.getByRole('heading', { level: 1, name: 'Detractor: Rita' })).toBeVisible();
  await expectNoSeriousA11yViolations(editorPage);
  await editorPage.getByLabel('Assignee').selectOption({ label: 'Eddie Editor' });
  await expect(editorPage.getByText('Case assigned.')).toBeVisible();
  await expect(editorPage.getByText('Assigned to Eddie Editor')).toBeVisible();

  await editorPage.getByLabel('Subject').fill('About your tyre fitting, [First name]');
  await editorPage.getByLabel('Message').fill('Hello [First name],\nWe are sorry and will call you today.');
  await editorPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(editorPage.getByText('Reply sent.')).toBeVisible();
  await expect(editorPage.getByText(`E-mail reply to ${respondentEmail}`)).toBeVisible();
  const reply = await waitForMail(respondentEmail, (mail) =>
    mail.subject.startsWith('About your tyre fitting'),
  );
  expect(reply.subject).toBe('About your tyre fitting, Rita');
  expect(reply.text).toContain('Hello Rita,');
  expect(reply.text).toContain('Unsubscribe');

  await editorPage.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(editorPage.getByText('Case is now Resolved.')).toBeVisible();
  await expect(editorPage.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(editorPage.getByText('Status: In progress → Resolved')).toBeVisible();
  await expectNoSeriousA11yViolations(editorPage);

  // "My cases" lists it, resolved.
  await editorPage.getByRole('link', { name: 'Back to cases' }).click();
  await editorPage.getByRole('button', { name: 'My cases' }).click();
  await expect(table.getByRole('link', { name: 'Detractor' })).toBeVisible();
  await expect(table.getByText('Resolved', { exact: true })).toBeVisible();

  // The response shows its case; the summary counts it.
  await page.goto(`/survey-templates/${versionId}/responses/${surveyId}`);
  await expect(page.getByRole('link', { name: 'Case: Detractor' })).toBeVisible();
  await page.goto(`/survey-templates/${versionId}/responses`);
  const figures = page.getByRole('region', { name: 'Follow-up cases' });
  await expect(figures.getByText('Cases resolved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin reads who did what to the case in the audit log.
  await page.goto('/settings/audit-log');
  await page.getByLabel('What').selectOption('case');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Case opened' })).toContainText('Graphium');
  for (const action of ['Case assigned', 'Case replied', 'Case status changed']) {
    await expect(log.getByRole('row').filter({ hasText: action }).first()).toContainText(editor.emailAddress);
  }
  await expectNoSeriousA11yViolations(page);
  await editorContext.close();
});
