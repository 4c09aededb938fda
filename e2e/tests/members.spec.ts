import { expect, linkIn, test, waitForMail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// People in a workspace (docs/decisions/015): inviting an address again resends its invitation
// (one row), and deactivating a member ends their sessions at once with a clear message.

test('an invitation sent twice stays one row; a deactivated member is signed out with the reason', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Mary', 'Admin');
  await signUp(page, admin, 'Deactivation Co');
  const member = newPerson('Max', 'Member');

  await page.goto('/settings/users');
  for (let round = 0; round < 2; round += 1) {
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('Email Address').fill(member.emailAddress);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByRole('cell', { name: member.emailAddress, exact: true })).toHaveCount(1);

  const mail = await waitForMail(member.emailAddress);
  const link = linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/);
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await memberPage.goto(link);
  await memberPage.getByRole('button', { name: 'Join this organization' }).click();
  await memberPage.getByLabel('First Name').fill(member.firstName);
  await memberPage.getByLabel('Last Name').fill(member.lastName);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByLabel(/I agree to the/).check();
  await memberPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  // The admin deactivates the member; the member's next step signs them out, saying why.
  await page.reload();
  await page.getByRole('button', { name: `Edit ${member.firstName} ${member.lastName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByText('Deactivated', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Surveys' }).click();
  await expect(memberPage).toHaveURL(/\/sign-in$/);
  await expect(memberPage.getByText('Your access to Deactivation Co was removed.')).toBeVisible();
  await context.close();
});
