import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectNoSeriousA11yViolations, linkIn, test, waitForMail } from '../support/fixtures.js';
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

/** Turns two-factor sign-in on from the screen in front of it (Settings → Security or the required set-up). */
async function enrolOnScreen(page: Page, doneLabel: string): Promise<void> {
  await expect(
    page.getByRole('img', { name: 'QR code to add Graphium to your authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByRole('definition').innerText()).replace(/\s/g, '');
  await page
    .getByLabel('Enter the 6-digit code from your authenticator app')
    .fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: doneLabel }).click();
}

test('an admin requires two-factor sign-in; a colleague without it sets it up before anything else', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Grace', 'Hopper');
  await signUp(page, admin, 'Compilers Inc');
  await page.goto('/settings/users');
  const colleague = newPerson('Jean', 'Sammet');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email Address').fill(colleague.emailAddress);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  const link = linkIn(
    await waitForMail(colleague.emailAddress),
    /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/,
  );

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByRole('button', { name: 'Join this organization' }).click();
  await invitee.getByLabel('First Name').fill(colleague.firstName);
  await invitee.getByLabel('Last Name').fill(colleague.lastName);
  await invitee.getByLabel('Password', { exact: true }).fill(colleague.password);
  await invitee.getByLabel(/I agree to the/).check();
  await invitee.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // The admin needs it first, then requires it.
  await page.goto('/settings/security');
  const requirement = page.getByRole('checkbox', { name: 'Require two-factor sign-in' });
  await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  await enrolOnScreen(page, 'Done');
  await requirement.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Two-factor sign-in is now required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The colleague's next page shows only the set-up.
  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(
    invitee.getByText('Compilers Inc requires two-factor sign-in. Set it up to continue.'),
  ).toBeVisible();
  await expect(invitee.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(
    invitee.getByRole('img', { name: 'QR code to add Graphium to your authenticator app' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(invitee);
  await enrolOnScreen(invitee, 'Continue');
  await expect(invitee.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Welcome, Jean Sammet' })).toBeVisible();
  await context.close();
});
