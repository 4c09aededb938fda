import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  linkIn,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures.js';
import { newPerson, type Person, signUp } from '../support/flows.js';

// decision 008: a completed survey whose answers meet an alert's conditions raises a survey alert;
// staff find it on /alerts (search, hide, "Show hidden alerts", show again), manage the
// Notifications settings, and a respondent unsubscribes through the link in the e-mail.

type FiredAlert = { versionId: string; surveyId: string; respondentEmail: string };

/**
 * Through the API: a published template with an NPS question and an alert (NPS below 7, e-mail to
 * the staff member), sent by e-mail; the respondent answers 3 and completes through the public API.
 */
async function fireAlert(
  page: Page,
  respondent: APIRequestContext,
  staff: Person,
  template: { name: string; description: string; alertName: string },
): Promise<FiredAlert> {
  const staffRequest = page.request;
  const question = {
    id: randomUUID(),
    type: 'NetPromoterScore',
    question: 'How likely are you to recommend us?',
    label: 'Recommend',
    validation: { required: true },
    startLabel: 'Not at all',
    endLabel: 'Extremely',
  };
  const created = await callApi(staffRequest, 'post', '/api/survey-templates/', {
    surveyTemplateName: template.name,
    surveyTemplateDescription: template.description,
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(staffRequest, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello',
      closingText: 'Thanks',
      properties: [],
      questions: [question],
    },
    surveyTemplateSettings: {
      alerts: [
        {
          id: randomUUID(),
          name: template.alertName,
          conditions: [{ surveyQuestionId: question.id, operator: 'LESS_THAN', value: 7 }],
          recipients: [staff.emailAddress],
          notificationChannels: ['email'],
        },
      ],
    },
  });
  await callApi(staffRequest, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });

  const respondentEmail = uniqueEmail('rita');
  const survey = await callApi(staffRequest, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: respondentEmail }],
  });
  const surveyId = survey.surveyId as string;

  await callApi(respondent, 'get', `/api/surveys/${surveyId}?markAsOpened=true`);
  await callApi(respondent, 'patch', `/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [question.id]: 3 },
  });
  return { versionId, surveyId, respondentEmail };
}

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('alerts raised by completed surveys: search, hide, show hidden, show again, notifications and unsubscribe', async ({
  page,
  playwright,
  baseURL,
}) => {
  const staff = newPerson('Alma', 'Alerts');
  await signUp(page, staff, 'Alert Garage');
  const respondent = await playwright.request.newContext({ baseURL });
  await respondent.get('/api/health');

  const workshop = await fireAlert(page, respondent, staff, {
    name: 'Workshop visit',
    description: 'After each workshop visit',
    alertName: 'Detractor',
  });
  await fireAlert(page, respondent, staff, {
    name: 'Onboarding call',
    description: 'First week check-in',
    alertName: 'Unhappy start',
  });

  // The alert e-mail reaches the recipient and links to the response (decision 008).
  const alertMail = await waitForMail(staff.emailAddress, (mail) => mail.text.includes('Workshop visit'));
  expect(alertMail.text).toContain(`/responses/${workshop.surveyId}`);

  // Both alerts on /alerts (firing is asynchronous: reload until they are there).
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const workshopCard = card(page, 'Workshop visit');
  await expect(workshopCard.getByText('After each workshop visit')).toBeVisible();
  await expect(workshopCard.getByText('Detractor')).toBeVisible();
  await expect(workshopCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(workshopCard.getByText('Email', { exact: true })).toBeVisible();
  await expect(workshopCard.getByText(/^(Recommend|How likely are you to recommend us\?):$/)).toBeVisible();
  // The card names the respondent (no name property here: the address the survey went to).
  await expect(workshopCard.getByText(workshop.respondentEmail, { exact: true })).toBeVisible();
  await expect(
    workshopCard.getByRole('link', { name: `View response of ${workshop.respondentEmail}` }),
  ).toBeVisible();
  await expect(workshopCard.getByRole('link', { name: /View response/ })).toHaveAttribute(
    'href',
    `/survey-templates/${workshop.versionId}/responses/${workshop.surveyId}`,
  );
  await expectNoSeriousA11yViolations(page);

  // Search by template name, alert name and description.
  const search = page.getByPlaceholder('Search alerts...');
  await search.fill('workshop');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Workshop visit')).toBeVisible();
  await search.fill('unhappy');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Onboarding call')).toBeVisible();
  await search.fill('no such alert');
  await expect(page.getByText('No alerts found')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(2);

  // Hide: the card leaves the list, and stays hidden after a reload.
  await workshopCard.getByRole('button', { name: /^Hide/ }).click();
  await expect(page.getByText('Alert hidden successfully!')).toBeVisible();
  await expect(workshopCard).toHaveCount(0);
  await page.reload();
  await expect(card(page, 'Onboarding call')).toBeVisible();
  await expect(workshopCard).toHaveCount(0);

  // Show hidden alerts: the card is back, Inactive; Show makes it active again.
  const toggle = page.getByRole('switch', { name: 'Show hidden alerts' });
  await toggle.check();
  await expect(workshopCard.getByText('Inactive', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await workshopCard.getByRole('button', { name: /^Show/ }).click();
  await expect(page.getByText('Alert shown successfully!')).toBeVisible();
  await expect(workshopCard.getByText('Active', { exact: true })).toBeVisible();
  await toggle.uncheck();
  await expect(workshopCard).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Settings → Notifications.
  await page.goto('/settings/users');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Notifications' })
    .click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();

  const slack = page.getByRole('region', { name: 'Slack' });
  const webhook = slack.getByLabel('Slack webhook URL');
  await webhook.fill('http://hooks.slack.com/services/T0/B0/x');
  await slack.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(slack.getByText('The Slack webhook URL must start with https://')).toBeVisible();
  // The server refuses an address on a private network and says so under the field.
  await webhook.fill('https://127.0.0.1/services/T0/B0/x');
  await slack.getByRole('button', { name: 'Save Webhook' }).click();
  const webhookError = slack.locator('p[id$="-error"]');
  await expect(webhookError).toHaveText(/private or local network/);
  await expect(webhook).toHaveAttribute('aria-invalid', 'true');
  await expect(slack.getByText('Not connected')).toBeVisible();

  const quiet = page.getByRole('region', { name: 'Quiet hours' });
  await expect(quiet.getByLabel('Quiet hours start')).toHaveValue('21:00');
  await expect(quiet.getByLabel('Quiet hours end')).toHaveValue('08:00');
  await quiet.getByLabel('Quiet hours start').fill('22:30');
  await quiet.getByLabel('Time zone').selectOption('Europe/Paris');
  await quiet.getByRole('button', { name: 'Save Quiet Hours' }).click();
  await expect(page.getByText('Quiet hours saved successfully!')).toBeVisible();
  await page.reload();
  await expect(quiet.getByLabel('Quiet hours start')).toHaveValue('22:30');
  await expect(quiet.getByLabel('Time zone')).toHaveValue('Europe/Paris');

  const suppressions = page.getByRole('region', { name: 'Suppression list' });
  const contact = suppressions.getByLabel('E-mail address or phone number');
  await contact.fill('not a contact');
  await suppressions.getByRole('button', { name: 'Add Contact' }).click();
  await expect(
    suppressions.getByText('Enter an e-mail address or a phone number of 10 to 15 digits'),
  ).toBeVisible();
  await contact.fill('Blocked.Person@Example.com');
  await suppressions.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByText('Contact added to the suppression list!')).toBeVisible();
  const blockedRow = suppressions.getByRole('row').filter({ hasText: 'blocked.person@example.com' });
  await expect(blockedRow.getByText('Added by staff')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await blockedRow.getByRole('button', { name: 'Remove blocked.person@example.com' }).click();
  await page.getByRole('dialog', { name: 'Remove Contact' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Contact removed from the suppression list!')).toBeVisible();
  await expect(blockedRow).toHaveCount(0);

  // The respondent unsubscribes through the link in the survey e-mail, without signing in.
  const surveyMail = await waitForMail(workshop.respondentEmail);
  const unsubscribeLink = linkIn(surveyMail, /https?:\/\/\S+?\/unsubscribe\/[^\s>)"]+/);
  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(unsubscribeLink);
  await expect(visitorPage.getByRole('heading', { name: 'Unsubscribe from Alert Garage' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitorPage);
  await visitorPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitorPage.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await visitorPage.goto(`${new URL(unsubscribeLink).origin}/unsubscribe/not-a-real-token`);
  await expect(visitorPage.getByRole('heading', { name: 'Invalid unsubscribe link' })).toBeVisible();
  await visitor.close();

  await page.reload();
  const unsubscribedRow = suppressions.getByRole('row').filter({ hasText: workshop.respondentEmail });
  await expect(unsubscribedRow.getByText('Unsubscribed')).toBeVisible();
  await respondent.dispose();
});

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Decision 035: an alert condition on a survey property, set in the alert form, fires on the
// surveys whose property matches and reads as a sentence in the template and on /alerts.
test('an alert on a survey property: set in the form, fired by matching surveys, shown as sentences', async ({
  page,
  playwright,
  baseURL,
}) => {
  const staff = newPerson('Petra', 'Properties');
  await signUp(page, staff, 'Property Garage');
  const respondent = await playwright.request.newContext({ baseURL });
  await respondent.get('/api/health');
  const nps = {
    id: randomUUID(),
    type: 'NetPromoterScore',
    question: 'How likely are you to recommend us?',
    label: 'Recommend',
    validation: { required: true },
  };
  const plan = { id: randomUUID(), type: 'Text', label: 'Plan', visibleInReportsAndFiltering: true };
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Account review',
    surveyTemplateDescription: 'After each quarterly review',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello',
      closingText: 'Thanks',
      properties: [plan],
      questions: [nps],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });

  // The alert form: a property condition beside a question condition.
  await page.goto(`/survey-templates/${versionId}/alerts`);
  await page.getByRole('button', { name: 'Add Alert' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create Alert' });
  await form.getByLabel('Alert Name').fill('Unhappy Pro');
  const first = form.getByRole('group', { name: 'Condition 1' });
  await choose(page, first.getByRole('combobox', { name: /Question or property/ }), 'Property: Plan');
  await choose(page, first.getByRole('combobox', { name: /Operator/ }), 'Equals');
  await first.getByLabel('Value').fill('Pro');
  await form.getByRole('button', { name: 'Add Condition' }).click();
  const second = form.getByRole('group', { name: 'Condition 2' });
  await choose(page, second.getByRole('combobox', { name: /Question or property/ }), 'Q1: Recommend');
  await choose(page, second.getByRole('combobox', { name: /Operator/ }), 'Less than');
  await second.getByLabel('Value').fill('7');
  await form.getByLabel('Recipients').fill(staff.emailAddress);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Plan (property) equals Pro')).toBeVisible();
  await expect(page.getByText('Recommend is less than 7')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Two unhappy respondents: only the Pro one (any case, as the list's filter) raises the alert.
  for (const value of ['pro', 'Basic']) {
    const survey = await callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail(`plan-${value}`) }],
      surveyProperties: { [plan.id]: value },
    });
    await callApi(respondent, 'patch', `/api/surveys/${survey.surveyId}?markAsComplete=true`, {
      surveyResponses: { [nps.id]: 3 },
    });
  }
  await page.goto('/alerts');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const fired = card(page, 'Account review');
  await expect(fired.getByText('Unhappy Pro')).toBeVisible();
  await expect(fired.getByText('Plan:', { exact: true })).toBeVisible();
  await expect(fired.getByText('(equals Pro)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await respondent.dispose();
});
