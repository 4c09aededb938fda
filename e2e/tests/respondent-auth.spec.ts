import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Respondent authentication compares what people type as they type it (docs/decisions/015):
// a postcode without its space and in lower case opens the survey; the welcome then says the
// spec's fixed "about 5 minutes".

test('a postcode typed without its space and in lower case opens the survey', async ({ page, browser }) => {
  await signUp(page, newPerson('Pam', 'Postcode'), 'Postcode Tyres');
  const postcode = {
    id: randomUUID(),
    type: 'Text',
    label: 'Postcode',
    validation: { authentication: true },
  };
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Home visit',
  });
  const versionId = template.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      properties: [postcode],
      questions: [{ id: randomUUID(), type: 'ShortTextEntry', question: 'Anything else?', label: 'Note' }],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const survey = await callApi(page.request, 'post', '/api/surveys/', {
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
