import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

test('generate an API key, call the API with it, revoke it and the API refuses it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page, newPerson('Grace', 'Hopper'), 'Compilers Inc');
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Generate API Key' }).first().click();
  const generate = page.getByRole('dialog', { name: 'Generate API Key' });
  await generate.getByRole('button', { name: 'Generate API Key' }).click();
  await expect(generate.getByText('API key name is required')).toBeVisible();
  await generate.getByLabel('API Key Name').fill('Reporting');
  await generate.getByLabel('Description (optional)').fill('Nightly BI export');
  await expect(generate.getByRole('combobox', { name: 'Templates' })).toHaveValue('read');
  await generate.getByRole('button', { name: 'Generate API Key' }).click();

  const generated = page.getByRole('dialog', { name: 'API Key Generated' });
  await expect(generated).toBeVisible();
  const apiKey = await generated.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(apiKey).toMatch(/^gph_live_[A-Za-z0-9_-]{43}$/);
  await generated.getByRole('button', { name: 'Copy API key' }).click();
  await expect(generated.getByRole('button', { name: 'API key copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
  await expect(generated.getByRole('button', { name: 'Copy API key' })).toBeVisible({ timeout: 4000 });
  await expectNoSeriousA11yViolations(page);
  await generated.getByRole('button', { name: 'Done' }).click();
  await expect(generated).toBeHidden();

  const row = page.getByRole('row', { name: /Reporting/ });
  await expect(row.getByText('Nightly BI export')).toBeVisible();
  await expect(row.getByText('•••••••••••••••')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByText('Templates: Read', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);

  // A program, with no cookie: the key alone reaches the workspace's data.
  const headers = { authorization: `Bearer ${apiKey}` };
  const lists = await request.get(`${baseURL}/api/lists/`, { headers });
  expect(lists.status()).toBe(200);
  expect((await lists.json()).lists).toEqual([]);
  const write = await request.post(`${baseURL}/api/lists/`, {
    headers,
    data: { listName: 'Regions', listDescription: 'Sales regions' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe('This API key is read-only.');
  expect((await request.get(`${baseURL}/api/customers/api-keys`, { headers })).status()).toBe(401);

  await page.reload();
  await expect(row.getByText('Never')).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke Reporting' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke API Key' });
  await expect(revoke).toContainText('This action cannot be undone.');
  await revoke.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(revoke).toBeHidden();
  await expect(row.getByText('Inactive')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revoke Reporting' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const refused = await request.get(`${baseURL}/api/lists/`, { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Invalid or revoked API key.' });
});
