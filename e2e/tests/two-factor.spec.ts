import { Secret, TOTP } from 'otpauth';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signIn, signUp } from '../support/flows.js';

const stepMs = 30_000;

/** The code an authenticator app shows for this secret at a time, as the test's own app. */
function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

test('enrol in two-factor sign-in from Settings → Security, sign out, sign in with a code', async ({
  page,
}) => {
  const person = newPerson('Hedy', 'Lamarr');
  await signUp(page, person, 'Frequency Hopping');

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to add Graphium to your authenticator app' }),
  ).toBeVisible();
  const secret = (await section.getByRole('definition').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);

  const enrolledAt = Date.now();
  await section
    .getByLabel('Enter the 6-digit code from your authenticator app')
    .fill(codeAt(secret, enrolledAt));
  await section.getByRole('button', { name: 'Turn On' }).click();
  const recoveryCodes = section.getByRole('list', { name: 'Recovery codes' });
  await expect(recoveryCodes.getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('You have 10 unused recovery codes.')).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, person.emailAddress, person.password);
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expectNoSeriousA11yViolations(page);

  // A code is taken once: while the enrolment's step lasts, the app's next code (accepted one
  // step ahead) signs in; after it, the current one does.
  const now = Date.now();
  const isSameStep = Math.floor(now / stepMs) === Math.floor(enrolledAt / stepMs);
  await code.fill(codeAt(secret, isSameStep ? now + stepMs : now));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Hedy Lamarr' })).toBeVisible();
});

test('the second step offers a recovery code instead, and is axe clean', async ({ page }) => {
  const person = newPerson('Radia', 'Perlman');
  await signUp(page, person);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  const secret = (await section.getByRole('definition').innerText()).replace(/\s/g, '');
  await section
    .getByLabel('Enter the 6-digit code from your authenticator app')
    .fill(codeAt(secret, Date.now()));
  await section.getByRole('button', { name: 'Turn On' }).click();
  const firstCode = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .first()
    .innerText();
  await section.getByRole('button', { name: 'Done' }).click();

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, person.emailAddress, person.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(firstCode);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/security');
  await expect(page.getByText('You have 9 unused recovery codes.')).toBeVisible();
});
