import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// What a new user meets in the template screens (docs/decisions/015): the spec's routes, the
// "multiple answers" mark, a token that names no property, Slack offered only once connected,
// and unpublishing that asks first.

test('template screens say what will happen and what is wrong', async ({ page }) => {
  await signUp(page, newPerson('Pat', 'Polish'), 'Polish Tyres');
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Visit survey',
  });
  const versionId = template.surveyTemplateVersionId as string;
  const url = `/survey-templates/${versionId}`;
  const nps = randomUUID();
  await callApi(page.request, 'patch', url.replace('/survey-templates', '/api/survey-templates'), {
    surveyTemplateDefinition: {
      openingText: 'Hello [Frist name], thanks for your visit.',
      properties: [{ id: randomUUID(), type: 'Text', label: 'First name' }],
      questions: [
        { id: nps, type: 'NetPromoterScore', question: 'How likely are you to recommend us?', label: 'NPS' },
        {
          id: randomUUID(),
          type: 'MultipleChoice',
          question: 'What did you buy?',
          label: 'Bought',
          answerOptions: ['Tyres', 'Oil'],
          multiSelect: true,
        },
      ],
    },
  });

  // The spec's /send-new-survey on a draft: the template, with sending held back until published.
  await page.goto(`${url}/send-new-survey`);
  await expect(page).toHaveURL(`${url}/properties`);
  await expect(page.getByRole('button', { name: 'Send Survey' })).toBeDisabled();

  // The spec's /edit-survey opens the editor; a multi-select question says so beside its badge.
  await page.goto(`${url}/edit-survey`);
  await expect(page).toHaveURL(`${url}/questions`);
  const bought = page.getByRole('article').filter({ hasText: 'What did you buy?' });
  await expect(bought.getByText('Radio', { exact: true })).toBeVisible();
  await expect(bought.getByText('multiple answers')).toBeVisible();

  // A token that names no property is flagged where the text is written.
  await page.getByRole('link', { name: 'Settings' }).last().click();
  await expect(
    page.getByText(
      "No property is labelled [Frist name]: respondents will not see it. Use a property's label or remove the brackets.",
    ),
  ).toBeVisible();

  // Slack is offered for an alert once the workspace has connected it.
  await page.goto(`${url}/alerts`);
  await page.getByRole('button', { name: 'Add Alert' }).first().click();
  const alertDialog = page.getByRole('dialog', { name: 'Create Alert' });
  await expect(alertDialog.getByRole('checkbox', { name: 'Slack' })).toBeDisabled();
  await expect(alertDialog.getByRole('link', { name: 'Settings → Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await alertDialog.getByRole('button', { name: 'Cancel' }).click();

  // Unpublishing asks first and says what happens to surveys already sent.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  // Toasts stack at the bottom left, clear of the page's actions at the top right.
  const toast = page.getByText('Template published successfully!');
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const actionBox = (await page.getByRole('button', { name: 'Unpublish' }).boundingBox())!;
  expect(toastBox.x + toastBox.width).toBeLessThan(actionBox.x);
  expect(toastBox.y).toBeGreaterThan(actionBox.y + actionBox.height);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unpublish template' });
  await expect(
    confirm.getByText(/Surveys already sent keep working until they expire, and their answers are kept\./),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();
});
