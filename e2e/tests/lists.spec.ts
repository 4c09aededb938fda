import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

async function addProperty(
  page: Page,
  property: {
    name: string;
    displayName: string;
    description: string;
    type: string;
    isDefaultLabel?: boolean;
  },
) {
  await page.getByRole('button', { name: 'Add Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });
  await dialog.getByLabel('Property Name').fill(property.name);
  await dialog.getByLabel('Display Name').fill(property.displayName);
  await dialog.getByLabel('Description').fill(property.description);
  await dialog.getByRole('combobox', { name: /Type/ }).click();
  await page.getByRole('option', { name: property.type, exact: true }).click();
  if (property.isDefaultLabel) await dialog.getByLabel(/^Default label/).check();
  await dialog.getByRole('button', { name: 'Add Property' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: new RegExp(`^${property.displayName}`) })).toBeVisible();
}

test('create a list, add properties and items, import a CSV file and publish it', async ({
  page,
}, testInfo) => {
  await signUp(page, newPerson('Grace', 'Hopper'), 'Hopper Stores');
  await page.goto('/settings/lists');
  await expect(page.getByRole('heading', { name: 'Lists', level: 2 })).toBeVisible();
  await expect(page.getByText('No lists yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Create List: the form's rules first, then a real list; a new list opens on its properties.
  await page.getByRole('button', { name: 'Create List' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create List' });
  await create.getByRole('button', { name: 'Create List' }).click();
  await expect(create.getByText('List name is required')).toBeVisible();
  await create.getByLabel('List Name').fill('Stores');
  await create.getByLabel('Description (optional)').fill('Our shops');
  await create.getByRole('button', { name: 'Create List' }).click();
  await expect(page).toHaveURL(/\/settings\/lists\/[0-9a-f-]{36}\/properties$/);
  await expect(page.getByRole('heading', { name: 'Stores', level: 2 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await addProperty(page, {
    name: 'code',
    displayName: 'Store code',
    description: 'Internal code',
    type: 'Text',
    isDefaultLabel: true,
  });
  await addProperty(page, { name: 'size', displayName: 'Head count', description: 'Staff', type: 'Number' });
  await addProperty(page, {
    name: 'opened',
    displayName: 'Opened on',
    description: 'First day',
    type: 'Date',
  });
  await expect(page.getByRole('row', { name: /Store code/ }).getByText('(default label)')).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // One item by hand.
  await page.getByRole('link', { name: 'Items' }).click();
  await expect(page).toHaveURL(/\/items$/);
  await page.getByRole('button', { name: 'Add Item' }).click();
  const item = page.getByRole('dialog', { name: 'Add Item' });
  await item.getByLabel('Head count').fill('lots');
  await item.getByLabel('Store code').click();
  await expect(item.getByText('Head count must be a valid number')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Add Item' })).toBeDisabled();
  await item.getByLabel('Store code').fill('S1');
  await item.getByLabel('Head count').fill('12');
  await item.getByLabel('Opened on').fill('2024-01-31');
  await item.getByRole('button', { name: 'Add Item' }).click();
  await expect(item).toBeHidden();
  await expect(page.getByRole('row', { name: /S1/ })).toContainText('01/31/2024');

  // Two more from a CSV file: the header row uses display names and a property name; the dates
  // come as a spreadsheet (month first) and a datetime-local input (with a time) write them.
  const csv = testInfo.outputPath('stores.csv');
  writeFileSync(csv, 'Store code,Head count,opened\nS2,5,06/01/2023\nS3,8,2022-09-15T10:00\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Items' });
  await importDialog.getByLabel('CSV File').setInputFiles(csv);
  await expect(importDialog.getByText('2 rows are ready to import')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import 2 Items' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByText('2 list items imported successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: /S3/ })).toContainText('09/15/2022');
  await expect(page.getByRole('row', { name: /S2/ })).toContainText('06/01/2023');
  await expect(page.getByText('3 active')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Lists' }).click();
  const row = page.getByRole('row', { name: /Stores/ });
  await expect(row).toContainText('3');
  await expect(row.getByText('Published')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
