import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// International phone numbers (docs/decisions/021-international-phone-numbers.md): an admin picks
// the workspace's default country, a national number is sent in E.164 and shown the local way.

async function publishTemplate(page: Page, name: string): Promise<string> {
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: name,
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      questions: [
        {
          id: randomUUID(),
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  return versionId;
}

test('an Australian workspace sends to a national mobile number and shows it the Australian way', async ({
  page,
}) => {
  await signUp(page, newPerson('Olivia', 'Owner'), 'Sydney Tyres');
  const versionId = await publishTemplate(page, 'Visit follow-up');

  await page.goto('/settings/notifications');
  const phones = page.getByRole('region', { name: 'Phone numbers' });
  const country = phones.getByLabel('Default country for phone numbers');
  await expect(country).toHaveValue('US');
  await country.selectOption({ label: 'Australia' });
  await phones.getByRole('button', { name: 'Save Default Country' }).click();
  await expect(page.getByText('Default country saved successfully!').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/survey-templates/${versionId}`);
  await page.getByRole('button', { name: 'Send Survey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Survey' });
  await dialog.getByLabel('Phone Number').fill('555 123 4567');
  await dialog.getByLabel('Email Address').click();
  await expect(
    dialog.getByText('Enter a valid phone number for Australia, or start with + and the country code.'),
  ).toBeVisible();
  await dialog.getByLabel('Phone Number').fill('0412 345 678');
  await dialog.getByRole('button', { name: 'Send Survey' }).click();
  await expect(page.getByText('Survey sent successfully!').first()).toBeVisible();
  const delivery = dialog.getByRole('table', { name: 'Delivery status' });
  await expect(delivery.getByRole('row', { name: /SMS/ })).toContainText('0412 345 678');
  await page.keyboard.press('Escape');

  await page.goto(`/survey-templates/${versionId}/responses`);
  await page
    .getByRole('navigation', { name: 'Responses views' })
    .getByRole('link', { name: 'Survey Responses' })
    .click();
  const table = page.getByRole('table', { name: 'Survey responses' });
  await expect(table.getByRole('row', { name: /0412 345 678/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
