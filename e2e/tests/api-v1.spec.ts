import { randomUUID } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// The public API (docs/decisions/037-public-api-v1.md): a key scoped per area, shown when it is
// generated and in the table with its last use, the Getting started page, and /api/v1 itself.

test('generate a templates-only key, read Getting started, call /api/v1 safely and see the key used', async ({
  page,
  request,
  baseURL,
}) => {
  await signUp(page, newPerson('Katherine', 'Johnson'), 'Orbits Ltd');
  await page.goto('/settings/api-keys');
  await page.getByRole('button', { name: 'Generate API Key' }).first().click();
  const generate = page.getByRole('dialog', { name: 'Generate API Key' });
  await generate.getByLabel('API Key Name').fill('Template sync');
  await generate.getByRole('combobox', { name: 'Templates' }).selectOption({ label: 'Read and write' });
  for (const area of ['Responses', 'Contacts', 'Sends']) {
    await generate.getByRole('combobox', { name: area }).selectOption({ label: 'No access' });
  }
  await expectNoSeriousA11yViolations(page);
  await generate.getByRole('button', { name: 'Generate API Key' }).click();

  const generated = page.getByRole('dialog', { name: 'API Key Generated' });
  await expect(generated.getByRole('listitem')).toHaveText(['Templates: Read and write']);
  const apiKey = await generated.getByRole('textbox', { name: 'API key' }).inputValue();
  await generated.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: /Template sync/ });
  await expect(row.getByRole('listitem')).toHaveText(['Templates: Read and write']);
  await expect(row.getByText('Never')).toBeVisible();

  await page.getByRole('link', { name: 'Getting started' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started with the API' })).toBeVisible();
  await expect(page.getByLabel('curl examples')).toContainText(
    `export GRAPHIUM_URL=${new URL(baseURL!).origin}`,
  );
  await expect(page.getByLabel('TypeScript example')).toContainText('createGraphiumClient');
  await expectNoSeriousA11yViolations(page);

  // A program with the key: its area only, a retried POST creates once.
  const headers = { authorization: `Bearer ${apiKey}` };
  const idempotencyKey = randomUUID();
  const body = { surveyTemplateName: 'Synced from the CRM' };
  const first = await request.post(`${baseURL}/api/v1/survey-templates`, {
    headers: { ...headers, 'idempotency-key': idempotencyKey },
    data: body,
  });
  expect(first.status()).toBe(201);
  expect(Number(first.headers()['ratelimit-remaining'])).toBeGreaterThan(0);
  const retry = await request.post(`${baseURL}/api/v1/survey-templates`, {
    headers: { ...headers, 'idempotency-key': idempotencyKey },
    data: body,
  });
  expect(retry.headers()['idempotent-replayed']).toBe('true');
  const list = await request.get(`${baseURL}/api/v1/survey-templates?limit=10`, { headers });
  expect(await list.json()).toMatchObject({
    surveyTemplates: [{ surveyTemplateName: 'Synced from the CRM' }],
    next: null,
  });
  const outside = await request.get(`${baseURL}/api/v1/responses?surveyTemplateId=${randomUUID()}`, {
    headers,
  });
  expect(outside.status()).toBe(403);
  expect((await outside.json()).error).toBe('FORBIDDEN');

  await page.goto('/settings/api-keys');
  await expect(page.getByRole('row', { name: /Template sync/ }).getByText('Never')).toHaveCount(0);
  await page.goto('/survey-templates');
  await expect(page.getByText('Synced from the CRM')).toHaveCount(1);
});
