import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// docs/decisions/038-contacts.md: the contacts directory, a CSV import with its mapping, progress and
// report, a contact's page, a segment, a recurring send, and the fatigue rule.
test('import contacts, build a segment, schedule a recurring send and set the fatigue rule', async ({
  page,
}, testInfo) => {
  await signUp(page, newPerson('Ada', 'Lovelace'), 'Engines Ltd');
  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A typed attribute the file fills.
  await page.getByRole('button', { name: 'Add Attribute' }).click();
  const attribute = page.getByRole('dialog', { name: 'Add Attribute' });
  await attribute.getByLabel('Name', { exact: true }).fill('plan');
  await attribute.getByLabel('Display Name').fill('Plan');
  await attribute.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(attribute).toBeHidden();

  const csv = testInfo.outputPath('people.csv');
  writeFileSync(
    csv,
    'Email,Mobile,Full name,Plan,Notes\ngrace@example.com,(555) 010-2000,Grace Hopper,Pro,x\nnot-an-address,,Bob,Free,y\nalan@example.com,,Alan Turing,Free,z\n',
  );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog.getByLabel('CSV File').setInputFiles(csv);
  await expect(dialog.getByLabel('Field for column Email')).toHaveValue('emailAddress');
  await expect(dialog.getByLabel('Field for column Plan')).toHaveValue('attribute:plan');
  await expect(dialog.getByLabel('Field for column Notes')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Import 3 Rows' }).click();
  await expect(dialog.getByText('Import finished')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('2 contacts created, 0 updated, 1 rows rejected.')).toBeVisible();
  await expect(dialog.getByText('Email: Enter a valid e-mail address')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Search contacts').fill('hopper');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeVisible();
  await expect(page.getByText('(555) 010-2000')).toBeVisible();
  await expect(page.getByText('Pro', { exact: true })).toBeVisible();
  await expect(page.getByText('No survey has been sent to this contact yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A segment: plan is Pro and no survey in 60 days.
  await page.getByRole('link', { name: 'All contacts' }).click();
  await page.getByRole('button', { name: 'New Segment' }).click();
  const builder = page.getByRole('dialog', { name: 'New Segment' });
  await builder.getByLabel('Segment Name').fill('Quiet Pro customers');
  await builder.getByLabel('Condition 1').selectOption('attribute');
  await builder.getByLabel('Attribute').selectOption('plan');
  await builder.getByLabel('Value').fill('Pro');
  await builder.getByRole('button', { name: 'Add Condition' }).click();
  await builder.getByLabel('Condition 2').selectOption('surveyed');
  await builder.getByLabel('Days').fill('60');
  await builder.getByRole('button', { name: 'Count Contacts' }).click();
  await expect(builder.getByText('1 contacts match')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await builder.getByRole('button', { name: 'Save Segment' }).click();
  await expect(builder).toBeHidden();
  await expect(page.getByText('Plan is Pro and Not surveyed in the last 60 days')).toBeVisible();
  // Its members now (a read any member may make: decision 047).
  await page.getByRole('button', { name: 'View members of Quiet Pro customers' }).click();
  const members = page.getByRole('dialog', { name: 'Quiet Pro customers' });
  await expect(members.getByText('1 contact matches now; the first 1:')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await members.getByRole('button', { name: 'Close' }).click();
  await expect(members).toBeHidden();

  // A recurring send of a published template to it, then paused and resumed.
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Quarterly check-in',
    surveyTemplateDescription: 'How are we doing?',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello',
      closingText: 'Thanks',
      properties: [],
      questions: [{ id: randomUUID(), type: 'NetPromoterScore', question: 'Recommend us?', label: 'NPS' }],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  await page.reload();
  await page.getByRole('button', { name: 'Schedule Recurring Send' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule Recurring Send' });
  await schedule.getByLabel('Survey template').selectOption({ label: 'Quarterly check-in' });
  await schedule.getByLabel('Segment').selectOption({ label: 'Quiet Pro customers' });
  await schedule.getByLabel('Every').fill('3');
  await schedule.getByLabel('Period').selectOption('months');
  await schedule.getByLabel('At (local time)').fill('10:30');
  await expectNoSeriousA11yViolations(page);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(page.getByText('Quarterly check-in to Quiet Pro customers')).toBeVisible();
  await expect(page.getByText(/Every 3 months at 10:30; next run/)).toBeVisible();
  await page.getByRole('button', { name: 'Pause Quarterly check-in to Quiet Pro customers' }).click();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resume Quarterly check-in to Quiet Pro customers' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  // Edited: every 2 weeks at 08:15 (decision 047).
  await page.getByRole('button', { name: 'Edit Quarterly check-in to Quiet Pro customers' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Send' });
  await expect(edit.getByLabel('Survey template')).toBeDisabled();
  await edit.getByLabel('Every').fill('2');
  await edit.getByLabel('Period').selectOption('weeks');
  await edit.getByLabel('At (local time)').fill('08:15');
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(/Every 2 weeks at 08:15; next run/)).toBeVisible();

  // The fatigue rule: the admin who signed up changes it.
  const days = page.getByLabel('Days between surveys');
  await expect(days).toHaveValue('30');
  await days.fill('400');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter at most 365 days')).toBeVisible();
  await days.fill('14');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fatigue rule saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Days between surveys')).toHaveValue('14');
});
