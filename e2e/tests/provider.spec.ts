import { expect, providerAccount, test } from '../support/fixtures.js';
import { newPerson, signIn, signUp } from '../support/flows.js';

test('only the provider workspace sees Base Surveys', async ({ page }) => {
  const provider = providerAccount();
  await signIn(page, provider.emailAddress, provider.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const navigation = page.getByRole('navigation', { name: /main/i });
  await expect(navigation.getByRole('link', { name: 'Base Surveys' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  // Going on before sign-out has finished would find the session still there and the sign-up
  // page would send the provider back to the dashboard.
  await expect(page).toHaveURL(/\/sign-in$/);

  await signUp(page, newPerson('Carl', 'Customer'));
  await expect(
    page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Surveys' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Base Surveys' })).toHaveCount(0);
});
