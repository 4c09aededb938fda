import { expect, linkIn, test, waitForMail } from '../support/fixtures.js';
import { newPerson, signIn, signUp } from '../support/flows.js';

test('sign up, land on the dashboard, sign out and sign in again', async ({ page }) => {
  const person = newPerson('Ada', 'Lovelace');
  await signUp(page, person, 'Analytical Engines');
  await expect(page.getByText('Analytical Engines').first()).toBeVisible();
  // The user menu shows the signed-in person's real name.
  await expect(page.getByRole('button', { name: /Account menu for Ada Lovelace/ })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, person.emailAddress, person.password);
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  // Signed in, the public sign-in page sends the user back to the dashboard.
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the failure toast and stays on the form', async ({ page }) => {
  const person = newPerson('Grace', 'Hopper');
  await signUp(page, person);
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, person.emailAddress, 'Wr0ng!password');
  await expect(page.getByText('Failed to sign in. Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('signed out, the dashboard redirects to sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
  const person = newPerson('Katherine', 'Johnson');
  await signUp(page, person);
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email Address').fill(person.emailAddress);
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const mail = await waitForMail(person.emailAddress, (m) => m.subject === 'Reset your Graphium password');
  const link = linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('N3w!password');
  await page.getByLabel('Confirm New Password').fill('N3w!password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();

  await signIn(page, person.emailAddress, person.password);
  await expect(page.getByText('Failed to sign in. Please check your credentials.')).toBeVisible();
  await signIn(page, person.emailAddress, 'N3w!password');
  await expect(page).toHaveURL(/\/dashboard$/);
});
