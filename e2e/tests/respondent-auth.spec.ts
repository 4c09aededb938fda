import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Respondent authentication compares what people type as they type it (docs/decisions/015):
// a postcode without its space and in lower case opens the survey; the welcome then says the
// spec's fixed "about 5 minutes".

async function api(page: Page, method: 'post' | 'patch', path: string, data: object) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await page.request[method](path, { data, headers: { 'X-XSRF-TOKEN': token ?? '' } });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test('a postcode typed without its space and in lower case opens the survey', async ({ page, browser }) => {
  await signUp(page, newPerson('Pam', 'Postcode'), 'Postcode Tyres');
  const postcode = {
    id: randomUUID(),
    type: 'Text',
    label: 'Postcode',
    validation: { authentication: true },
  };
  const template = await api(page, 'post', '/api/survey-templates/', { surveyTemplateName: 'Home visit' });
  const versionId = template.surveyTemplateVersionId as string;
  await api(page, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      properties: [postcode],
      questions: [{ id: randomUUID(), type: 'ShortTextEntry', question: 'Anything else?', label: 'Note' }],
    },
  });
  await api(page, 'patch', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  const survey = await api(page, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('resident') }],
    surveyProperties: { [postcode.id]: 'SW1A 1AA' },
  });

  const context = await browser.newContext();
  const respondent = await context.newPage();
  await respondent.goto(`/survey/${survey.surveyId}`);
  await expect(respondent.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await respondent.getByLabel('Postcode').fill('SW1A 1AB');
  await respondent.getByRole('button', { name: 'Authenticate' }).click();
  await expect(respondent.getByText('The information you entered does not match our records.')).toBeVisible();
  await respondent.getByLabel('Postcode').fill('sw1a1aa');
  await respondent.getByRole('button', { name: 'Authenticate' }).click();
  await expect(respondent.getByRole('heading', { level: 1, name: 'Home visit' })).toBeVisible();
  await expect(respondent.getByText('This survey should take about 5 minutes to complete.')).toBeVisible();
  await context.close();
});
