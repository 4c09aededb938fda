import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const [path, heading] of [
    ['/', /Graphium|Welcome/],
    ['/sign-in', /Sign In/],
    ['/sign-up', /Create an Account/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('dashboard and users have no serious accessibility violations', async ({ page }) => {
  await signUp(page, newPerson('Alan', 'Turing'), 'Bletchley Surveys');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/settings/users');
  await expect(page.getByRole('cell', { name: /^Alan Turing/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
