import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 043: an admin erases a respondent from their response page; the response stays as
// anonymous figures, and the person is gone from the responses list, the CSV export and the
// privacy search.

const ids = { nps: randomUUID(), comment: randomUUID() };

test('erase a respondent from a response page: gone from the list, the export and the search', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson('Priya', 'Privacy'), 'Privacy Tyres');
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Garage visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = template.surveyTemplateVersionId as string;
  const templateId = template.surveyTemplateId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      questions: [
        {
          id: ids.nps,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'Recommend',
          compositeScore: { enabled: true, value: 1 },
        },
        { id: ids.comment, type: 'LongTextEntry', question: 'Anything else?', label: 'Comment' },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const erased = uniqueEmail('erase-me');
  const kept = uniqueEmail('keep-me');
  const surveyIds: string[] = [];
  for (const [index, emailAddress] of [erased, kept].entries()) {
    const survey = await callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress }],
      surveyProperties: {},
    });
    surveyIds.push(survey.surveyId as string);
    await callApi(page.request, 'patch', `/api/surveys/${survey.surveyId}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: index === 0 ? 10 : 6, [ids.comment]: `Written by ${emailAddress}` },
    });
  }

  await page.goto(`/survey-templates/${versionId}/responses/${surveyIds[0]}`);
  await expect(page.getByRole('heading', { name: 'Respondent' })).toBeVisible();
  await expect(page.getByText(erased, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Erase respondent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase respondent' });
  await expect(dialog).toContainText('Exports and backups taken before it still hold the respondent');
  await expectNoSeriousA11yViolations(page);
  const confirm = dialog.getByRole('button', { name: 'Erase respondent' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type ERASE to confirm').fill('ERASE');
  await confirm.click();
  await expect(page.getByText(/^Respondent erased: 1 survey, 1 contact, \d+ messages?\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The response stays, without the person: the NPS answer is an anonymous figure now.
  await expect(page.getByText(erased, { exact: true })).toBeHidden();
  await expect(page.getByText('10 out of 10')).toBeVisible();
  await expect(page.getByText(`Written by ${erased}`)).toBeHidden();

  await page.getByRole('link', { name: 'Back to Responses' }).click();
  const table = page.getByRole('table', { name: 'Survey responses' });
  await expect(table.getByText(kept)).toBeVisible();
  await expect(table.getByText(erased)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  const exported = await page.request.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=csv`);
  expect(exported.ok()).toBe(true);
  const csv = await exported.text();
  expect(csv).toContain(kept);
  expect(csv).not.toContain(erased);

  await page.goto('/settings/privacy');
  await page.getByLabel('E-mail address or phone number').fill(erased);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nothing is held about this respondent.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
