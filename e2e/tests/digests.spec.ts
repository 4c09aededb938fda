import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// E-mail digests (docs/decisions/031-scheduled-reports.md): a member subscribes to a template's
// weekly digest beside its Summary and to the dashboard's monthly one, finds both in Settings →
// Digests, adds one for a member as admin and ends them there.

test('subscribes to digests from a template and the dashboard, and manages them in Settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson('Dora', 'Digest'), 'Digest Co');
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Store visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = template.surveyTemplateVersionId as string;

  await page.goto(`/survey-templates/${versionId}/responses`);
  await page.getByRole('button', { name: 'Subscribe to digest' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail digest' });
  await expect(dialog).toContainText('The headline figures of Store visit');
  await dialog.getByRole('button', { name: 'Subscribe to the weekly digest' }).click();
  await expect(dialog.getByRole('button', { name: 'Unsubscribe from the weekly digest' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('button', { name: 'Digest: Weekly' })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Subscribe to digest' }).click();
  await page
    .getByRole('dialog', { name: 'E-mail digest' })
    .getByRole('button', { name: 'Subscribe to the monthly digest' })
    .click();
  await expect(page.getByText('You will receive the monthly digest by e-mail.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/settings/digests');
  const yours = page.getByRole('region', { name: 'Your digests' });
  await expect(yours.getByRole('row')).toHaveCount(3);
  await expect(yours.getByRole('cell', { name: 'Store visit', exact: true })).toBeVisible();
  await expect(yours.getByRole('cell', { name: 'Dashboard', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin adds a digest for a member (here the only member: themself), weekly of the dashboard.
  const add = page.getByRole('region', { name: 'Add a member’s digest' });
  await add.getByRole('button', { name: 'Add Digest' }).click();
  await expect(page.getByText('Digest added.')).toBeVisible();
  const everyone = page.getByRole('region', { name: 'Everyone’s digests' });
  await expect(everyone.getByRole('row')).toHaveCount(4);

  await yours.getByRole('button', { name: 'Unsubscribe from the weekly digest of Store visit' }).click();
  await expect(page.getByText('The digest was ended.')).toBeVisible();
  await expect(yours.getByRole('cell', { name: 'Store visit', exact: true })).toHaveCount(0);
  await expect(everyone.getByRole('row')).toHaveCount(3);
});
