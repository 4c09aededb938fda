import type { Locator } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const twoMegabytes = 2 * 1024 * 1024;

async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

test('upload a logo: it shows in the header, on the invitation and in its e-mail; delete it again', async ({
  page,
  browser,
}) => {
  await signUp(page, newPerson('Ada', 'Lovelace'), 'Logo Makers');
  await page.goto('/settings/logo');
  await expect(page.getByRole('heading', { name: 'Logo', level: 2 })).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const input = page.getByLabel('Choose a logo file');
  await input.setInputFiles({ name: 'logo-makers.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Preview of logo-makers.png' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Logo uploaded successfully!')).toBeVisible();

  await expectLoaded(page.getByRole('img', { name: 'Current logo' }));
  const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Logo Makers logo' });
  await expectLoaded(headerLogo);
  await page.goto('/dashboard');
  await expectLoaded(headerLogo);

  // The invitation page and e-mail carry it too.
  const colleague = uniqueEmail('colleague');
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email Address').fill(colleague);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  const mail = await waitForMail(colleague);
  const logoUrl = /<img src="(http:\/\/127\.0\.0\.1:\d+\/api\/logos\/[0-9a-f]{64})"/.exec(mail.html)?.[1];
  expect(logoUrl).toBeDefined();
  const served = await page.request.get(logoUrl!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const link = /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
  await expectLoaded(invitee.getByRole('img', { name: 'Logo Makers logo' }));
  await context.close();

  await page.goto('/settings/logo');
  await page.getByRole('button', { name: 'Delete Logo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Logo' });
  await expect(confirm.getByText('Are you sure you want to delete the current logo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Logo deleted successfully.')).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
  await expect(headerLogo).toBeHidden();
});

test('a file that is too large or not an image is refused with a message', async ({ page }) => {
  await signUp(page, newPerson('Grace', 'Hopper'));
  await page.goto('/settings/logo');
  const input = page.getByLabel('Choose a logo file');
  const save = page.getByRole('button', { name: 'Save' });

  // Checked in the browser before anything is sent.
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([png, Buffer.alloc(twoMegabytes)]),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The logo must be 2 MB or smaller.' })).toHaveCount(
    2,
  );
  await expect(save).toBeDisabled();

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  const typeMessage = 'The logo must be a PNG, JPG, JPEG, SVG, GIF or WEBP image.';
  await expect(page.getByText(typeMessage).first()).toBeVisible();
  await expect(save).toBeDisabled();

  // A name and a type that look right do not fool the server: it reads the bytes.
  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByRole('img', { name: 'Preview of fake.png' })).toBeAttached();
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: typeMessage }).first()).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
