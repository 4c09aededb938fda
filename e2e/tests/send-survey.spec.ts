import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  uniqueEmail,
  waitForMail,
  waitForToastsToClose,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

/** A published template with a required First name property, through the API. */
async function publishTemplate(page: Page, name: string): Promise<string> {
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: name,
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello [First name], tell us about your visit.',
      properties: [{ id: randomUUID(), type: 'Text', label: 'First name', validation: { required: true } }],
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

test('sends a survey by e-mail from the template page, then a bulk send from a CSV file', async ({
  page,
}) => {
  await signUp(page, newPerson('Sasha', 'Sender'), 'Sender Tyres');
  const versionId = await publishTemplate(page, 'Visit follow-up');
  await page.goto(`/survey-templates/${versionId}`);
  await expect(page.getByRole('heading', { name: 'Visit follow-up', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Send Survey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Survey' });
  await expect(dialog.getByRole('heading', { name: 'Contact Methods' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Survey Properties' })).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Send Survey' });
  await expect(submit).toBeDisabled();

  const recipient = uniqueEmail('respondent');
  await dialog.getByLabel('Email Address').fill('not-an-email');
  await dialog.getByLabel('Phone Number').click();
  await expect(dialog.getByText('Invalid email format')).toBeVisible();
  await dialog.getByLabel('Phone Number').pressSequentially('15551234567');
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('+1 (555) 123-4567');
  await dialog.getByLabel('Phone Number').fill('');
  await dialog.getByLabel('Email Address').fill(recipient);
  await dialog.getByLabel(/^First name/).fill('Robin');
  await expect(submit).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  await submit.click();
  await expect(page.getByText('Survey sent successfully!').first()).toBeVisible();
  const row = dialog
    .getByRole('table', { name: 'Delivery status' })
    .getByRole('row', { name: new RegExp(recipient) });
  await expect(row).toContainText('Email');
  await expect(row).toContainText('Sent', { timeout: 20_000 });

  const mail = await waitForMail(recipient);
  expect(mail.text).toMatch(/\/survey\/[0-9a-f-]{36}/);
  expect(mail.text).toContain('Hello Robin');

  // Bulk send: three rows, one without a valid e-mail.
  await dialog.getByRole('tab', { name: 'Send to many (CSV)' }).click();
  await expect(dialog.getByRole('link', { name: 'Download template CSV' })).toBeVisible();
  const good = [uniqueEmail('bulk'), uniqueEmail('bulk')];
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'recipients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,phone,First name\n${good[0]},,Ann\nnot-an-email,,Bob\n${good[1]},,Cy\n`),
  });
  const preview = dialog.getByRole('table', { name: 'Preview of the file' });
  await expect(preview.getByRole('row', { name: /^2 not-an-email/ })).toContainText('Invalid email format');
  await expect(dialog.getByText('2 ready to send, 1 with problems (they will be skipped).')).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Send to 2 valid rows' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Bulk send progress' })).toBeVisible();
  await expect(dialog.getByText('2 surveys created, 1 row failed.')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Bulk send progress' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  );
  await expect(dialog.getByRole('region', { name: 'Failed rows' })).toContainText(
    'Row 2: email: Invalid email format',
  );
  const bulkMail = await waitForMail(good[1]!);
  expect(bulkMail.text).toContain('Hello Cy');
});
