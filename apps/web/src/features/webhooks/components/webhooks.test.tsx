import type { WebhookDeliveriesResponse, WebhookWithSecret } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const webhookId = '3f7a1c2e-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
const deliveryId = '9e8d7c6b-5a49-4837-a625-14f3e2d1c0b9';

function buildWebhook(overrides: Partial<WebhookWithSecret> = {}): WebhookWithSecret {
  return {
    webhookId,
    url: 'https://crm.example.com/hooks/graphium',
    description: 'CRM sync',
    events: ['survey.completed'],
    isEnabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    secret: `whsec_${'A'.repeat(43)}=`,
    previousSecretExpiresAt: null,
    ...overrides,
  };
}

function buildDeliveries(status: 'delivered' | 'failed' = 'delivered'): WebhookDeliveriesResponse {
  return {
    deliveries: [
      {
        deliveryId,
        eventId: 'msg_0123456789abcdef0123456789abcdef',
        eventType: 'webhook.test',
        status,
        attemptCount: 1,
        nextAttemptAt: null,
        deliveredAt: status === 'delivered' ? '2026-11-20T10:01:00.000Z' : null,
        createdAt: '2026-11-20T10:01:00.000Z',
        attempts: [
          {
            attemptedAt: '2026-11-20T10:01:00.000Z',
            statusCode: status === 'delivered' ? 200 : 500,
            durationMs: 42,
            responseExcerpt: status === 'delivered' ? 'ok' : 'boom',
            error: null,
          },
        ],
      },
    ],
    pagination: { page: 1, limit: 25, total: 1, totalPages: 1 },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Webhooks settings', () => {
  it('adds a webhook with its events and opens it, showing the server refusal on the field first', async () => {
    let attempts = 0;
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/webhooks': () => ({ webhooks: [] }),
        [`/webhooks/${webhookId}`]: () => buildWebhook(),
        [`/webhooks/${webhookId}/deliveries`]: () => ({ ...buildDeliveries(), deliveries: [] }),
      },
      post: {
        '/webhooks': () => {
          attempts += 1;
          if (attempts === 1) {
            const message =
              'The webhook URL points to a private or local network address; only public addresses are allowed.';
            throw apiError(400, { error: 'VALIDATION', message, details: { url: message } });
          }
          return buildWebhook();
        },
      },
    });
    renderApp('/settings/webhooks');
    const user = setupUser();
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Webhook' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Endpoint URL'));
    await user.paste('https://10.0.0.8/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /survey\.completed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(await within(dialog).findByText(/private or local network address/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Endpoint URL'));
    await user.paste('https://crm.example.com/hooks/graphium');
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));

    expect(await screen.findByText('https://crm.example.com/hooks/graphium')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post').at(-1)?.body).toEqual({
      url: 'https://crm.example.com/hooks/graphium',
      description: '',
      events: ['survey.completed'],
    });
    expect(screen.getByLabelText('Signing secret')).toHaveValue(buildWebhook().secret);
    expect(screen.getByLabelText('Signing secret')).toHaveAttribute('type', 'password');
  }, 40_000);

  it('sends a test event and redelivers from the log', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [`/webhooks/${webhookId}`]: () => buildWebhook(),
        [`/webhooks/${webhookId}/deliveries`]: () => buildDeliveries('failed'),
      },
      post: {
        [`/webhooks/${webhookId}/test`]: () => buildDeliveries().deliveries[0],
        [`/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`]: () => buildDeliveries().deliveries[0],
      },
    });
    renderApp(`/settings/webhooks/${webhookId}`);
    const user = setupUser();
    const log = await screen.findByRole('listitem', { name: /webhook\.test/ });
    expect(within(log).getByText('Failed')).toBeInTheDocument();
    expect(within(log).getByText(/HTTP 500 in 42 ms/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Test Event' }));
    expect(await screen.findByText('Test event queued: it shows in the log below.')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: /Redeliver webhook\.test/ }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(
        expect.arrayContaining([
          `post /webhooks/${webhookId}/test`,
          `post /webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`,
        ]),
      ),
    );
  });

  it('rotates the secret after a confirmation, and says until when the previous one signs', async () => {
    let current = buildWebhook();
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [`/webhooks/${webhookId}`]: () => current,
        [`/webhooks/${webhookId}/deliveries`]: () => buildDeliveries(),
      },
      post: {
        [`/webhooks/${webhookId}/rotate-secret`]: () => {
          current = buildWebhook({
            secret: `whsec_${'B'.repeat(43)}=`,
            previousSecretExpiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
          });
          return current;
        },
      },
    });
    renderApp(`/settings/webhooks/${webhookId}`);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Rotate Secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate Signing Secret' });
    expect(calls.some((call) => call.url.endsWith('/rotate-secret'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate Secret' }));
    expect(await screen.findByText(/The previous secret also signs until/)).toBeInTheDocument();
    expect(screen.getByLabelText('Signing secret')).toHaveValue(`whsec_${'B'.repeat(43)}=`);
    expect(calls.filter((call) => call.url.endsWith('/rotate-secret'))).toHaveLength(1);
  }, 40_000);

  it('tells an editor that only admins manage webhooks, and asks the server nothing', async () => {
    const calls = mockApi({ get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp('/settings/webhooks');
    expect(await screen.findByText('Only workspace admins can manage webhooks.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/webhooks'))).toEqual([]);
  });

  it('shows the verification snippet', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    renderApp('/settings/webhooks/verifying');
    const code = await screen.findByLabelText('Verification code for Node.js');
    expect(code).toHaveTextContent("createHmac('sha256', key)");
    expect(code).toHaveTextContent('timingSafeEqual');
  });
});
