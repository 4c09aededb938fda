import { createServer, type IncomingHttpHeaders } from 'node:http';
import { expect, expectNoSeriousA11yViolations, test, waitForToastsToClose } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Settings → Webhooks (docs/decisions/036-webhooks.md): an admin adds a webhook pointing at a local
// receiver (the server allows 127.0.0.1 through WEBHOOK_ALLOWED_PRIVATE_HOSTS), sends a test event,
// sees it delivered in the log and redelivers it: the receiver gets it twice, with one webhook-id.

test('add a webhook, send a test event to a local receiver, see it in the log and redeliver it', async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphium`;
  try {
    await signUp(page, newPerson('Wanda', 'Webhook'), 'Hooks Inc');
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add Webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description (optional)').fill('Local receiver');
    await dialog.getByRole('checkbox', { name: /survey\.completed/ }).check();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { name: /Webhook/ })).toBeVisible();
    await expect(page.getByText(url)).toBeVisible();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await waitForToastsToClose(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Send Test Event' }).click();
    const delivery = page.getByRole('listitem', { name: /webhook\.test/ });
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(delivery).toContainText('HTTP 200');
    expect(received).toHaveLength(1);
    const eventId = String(received[0]!.headers['webhook-id']);
    expect(eventId).toMatch(/^msg_/);
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    await expect(delivery).toContainText(eventId);
    await waitForToastsToClose(page);
    await expectNoSeriousA11yViolations(page);

    await delivery.getByRole('button', { name: /Redeliver webhook\.test/ }).click();
    await expect(delivery).toContainText('2 attempts', { timeout: 20_000 });
    expect(received.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    await delivery.getByText('Attempts', { exact: true }).click();
    await expect(delivery.getByText('thanks').first()).toBeVisible();

    await page.getByRole('link', { name: 'How to verify signatures' }).click();
    await expect(page.getByRole('heading', { name: 'Verifying Signatures' })).toBeVisible();
    await expect(page.getByLabel('Verification code for Node.js')).toContainText('timingSafeEqual');
    await expectNoSeriousA11yViolations(page);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
