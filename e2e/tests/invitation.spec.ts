import { expect, linkIn, test, waitForMail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

test('invite a colleague by e-mail; they sign up through the link and both are listed in Users', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Ada', 'Lovelace');
  await signUp(page, admin, 'Engines Inc');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/users$/);

  const colleague = newPerson('Charles', 'Babbage');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email Address').fill(colleague.emailAddress);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: colleague.emailAddress, exact: true })).toBeVisible();

  const mail = await waitForMail(colleague.emailAddress);
  expect(mail.subject).toBe('Ada Lovelace invited you to join Engines Inc on Graphium');
  const link = linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/);

  // The colleague, in a browser of their own.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(
    invitee.getByRole('heading', { name: 'Ada Lovelace invited you to join the workspace' }),
  ).toBeVisible();
  await expect(invitee.getByText('Engines Inc')).toBeVisible();
  await expect(invitee.getByText('1 member', { exact: true })).toBeVisible();
  await invitee.getByRole('button', { name: 'Join this organization' }).click();

  await expect(invitee).toHaveURL(/\/sign-up/);
  await expect(invitee.getByLabel('Email Address')).toHaveValue(colleague.emailAddress);
  await expect(invitee.getByLabel('Email Address')).not.toBeEditable();
  await expect(invitee.getByLabel('Business Name')).toHaveValue('Engines Inc');
  await invitee.getByLabel('First Name').fill(colleague.firstName);
  await invitee.getByLabel('Last Name').fill(colleague.lastName);
  await invitee.getByLabel('Password', { exact: true }).fill(colleague.password);
  await invitee.getByLabel(/I agree to the/).check();
  await invitee.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('heading', { name: 'Welcome, Charles Babbage' })).toBeVisible();

  await invitee.goto('/settings/users');
  for (const person of [admin, colleague]) {
    await expect(invitee.getByRole('cell', { name: person.emailAddress, exact: true })).toBeVisible();
  }
  await context.close();

  await page.reload();
  await expect(page.getByRole('cell', { name: 'Charles Babbage', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Ada Lovelace/ })).toBeVisible();
});

test('a signed-in member of one workspace joins another: asked first, then switched; the header switches back and forth', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Grace', 'Hopper');
  await signUp(page, admin, 'Compilers Ltd');
  const member = newPerson('Alan', 'Turing');
  const context = await browser.newContext();
  const other = await context.newPage();
  await signUp(other, member, 'Bletchley Works');
  // Alan has one workspace: no switcher yet.
  await expect(other.getByRole('button', { name: /Switch workspace/ })).toHaveCount(0);

  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email Address').fill(member.emailAddress);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  const mail = await waitForMail(member.emailAddress);
  const link = linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/);

  await other.goto(link);
  await other.getByRole('button', { name: 'Join this organization' }).click();
  const confirm = other.getByRole('dialog', { name: 'Join Compilers Ltd?' });
  await expect(confirm.getByText('You will switch to Compilers Ltd.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  const switcher = other.getByRole('button', { name: 'Workspace: Compilers Ltd. Switch workspace' });
  await expect(switcher).toBeVisible();

  await switcher.click();
  await expect(other.getByRole('menuitem', { name: /Compilers Ltd/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await other.getByRole('menuitem', { name: /Bletchley Works/ }).click();
  await expect(
    other.getByRole('button', { name: 'Workspace: Bletchley Works. Switch workspace' }),
  ).toBeVisible();
  // Remembered in this browser: a reload keeps the choice.
  await other.reload();
  await expect(
    other.getByRole('button', { name: 'Workspace: Bletchley Works. Switch workspace' }),
  ).toBeVisible();
  await context.close();
});
