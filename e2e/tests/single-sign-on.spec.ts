import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../apps/server/src/test/identity-provider.js';
import { expect, expectNoSeriousA11yViolations, test, waitForToastsToClose } from '../support/fixtures.js';
import { signIn, signUp } from '../support/flows.js';

// Single sign-on (docs/decisions/045-single-sign-on.md): an admin points the business's sign-in at
// an OpenID Connect provider started here (oidc-provider on 127.0.0.1, allowed by the global
// setup's SSO_ALLOWED_PRIVATE_HOSTS), then a colleague with no account signs in through it and
// lands on the dashboard as a member; with single sign-on required, the admin still signs in with
// a password (break-glass).

let idp: TestIdentityProvider;
test.beforeAll(async () => {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set: is the global setup running?');
  idp = await startTestIdentityProvider({ redirectUris: [`${baseUrl}/api/auth/sso/callback`] });
});
test.afterAll(async () => {
  await idp?.close();
});

test('set up single sign-on, sign in through the identity provider, and keep the admin way in', async ({
  page,
}) => {
  const domain = `acme${Date.now().toString(36)}.test`;
  const admin = {
    firstName: 'Olga',
    lastName: 'Admin',
    emailAddress: `olga@${domain}`,
    password: 'Str0ng!pass',
  };
  await signUp(page, admin, 'Acme Corp');

  await page.goto('/settings');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Single Sign-On' })
    .click();
  await expect(page.getByRole('heading', { name: 'Single Sign-On' })).toBeVisible();
  await expect(page.getByLabel('Redirect URL')).toHaveValue(/\/api\/auth\/sso\/callback$/);
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client ID').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByLabel('Allowed e-mail domains').fill(domain);
  await page.getByLabel('Require single sign-on').check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Single sign-on saved successfully!')).toBeVisible();
  await expect(page.getByText('A secret is saved. Leave this empty to keep it.')).toBeVisible();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText(`Connected: ${idp.issuer} answered its discovery document.`)).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // A colleague with no account yet: the identity provider vouches for them.
  await page.getByRole('button', { name: 'Sign In with SSO' }).click();
  await page.getByLabel('Work Email Address').fill(`grace@${domain}`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(`grace@${domain}`);
  await page.getByLabel('Password').fill('whatever the provider asks');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace Example' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // Single sign-on is required for the domain, but the business's admin keeps the password way in.
  await signIn(page, admin.emailAddress, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Olga Admin' })).toBeVisible();
});
