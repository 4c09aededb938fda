import { expect, expectNoSeriousA11yViolations, test, waitForToastsToClose } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Deleting a workspace (docs/decisions/044-retention-and-deletions.md): its admin types its name,
// the workspace then shows only when it goes and Restore, and restoring brings it back.

test('an admin deletes the workspace, sees when it goes, and restores it', async ({ page }) => {
  const admin = newPerson('Dora', 'Delete');
  await signUp(page, admin, 'Short Lived Co');

  await page.goto('/settings/data-retention');
  await expect(page.getByLabel('Keep message texts for (days)')).toHaveValue('30');
  await expect(
    page.getByText(/Exports and backups you took before are yours to delete/).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Delete Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Workspace' });
  const confirm = dialog.getByRole('button', { name: 'Delete Workspace' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill('Short Lived Co');
  await expectNoSeriousA11yViolations(page);
  await confirm.click();

  await expect(page.getByRole('heading', { name: 'Short Lived Co is scheduled for deletion' })).toBeVisible();
  await expect(page.getByText(/It will be deleted on/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/survey-templates');
  await expect(page.getByRole('heading', { name: 'Short Lived Co is scheduled for deletion' })).toBeVisible();

  await page.getByRole('button', { name: 'Restore Workspace' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Surveys' }),
  ).toBeVisible();
  await waitForToastsToClose(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Surveys' }).click();
  await expect(page).toHaveURL(/\/survey-templates$/);
});
