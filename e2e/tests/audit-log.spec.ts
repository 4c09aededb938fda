import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Settings → Audit log (docs/decisions/017-audit-log.md): an admin changes something and reads
// who did it, when, from where and what changed.

test('an admin generates an API key and reads it in the audit log', async ({ page }) => {
  const admin = newPerson('Audrey', 'Admin');
  await signUp(page, admin, 'Audit Co');

  await page.goto('/settings/api-keys');
  await page.getByRole('button', { name: 'Generate API Key' }).first().click();
  const generate = page.getByRole('dialog', { name: 'Generate API Key' });
  await generate.getByLabel('API Key Name').fill('Reporting');
  await generate.getByRole('button', { name: 'Generate API Key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  const row = page.getByRole('row').filter({ hasText: 'Reporting' });
  await expect(row).toContainText('API key generated');
  await expect(row).toContainText(admin.emailAddress);
  await expect(row).toContainText('127.0.0.1');
  await row.getByText('Show details').click();
  await expect(row.getByText(/"scopes": \[/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('What').selectOption('logo');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No events')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /export\.csv\?action=logo$/,
  );
  await expectNoSeriousA11yViolations(page);
});
