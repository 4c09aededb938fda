import { type ApiKeysResponse, type CreatedApiKey, scopesOfLevel } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';

const activeKeyId = '5a0dbe6d-be0a-4fa6-8faa-be5b6c7d8e95';
const revokedKeyId = '6b1ecf7e-cf1b-4ab7-9abb-cf6c7d8e9fa6';
const newKey = `gph_live_${'Q'.repeat(43)}`;

function buildKeys(): ApiKeysResponse {
  return {
    apiKeys: [
      {
        apiKeyId: activeKeyId,
        apiKeyName: 'CRM sync',
        apiKeyDescription: 'Nightly export to the CRM',
        scopes: scopesOfLevel('read-write'),
        createdAt: '2025-03-04T15:06:00.000Z',
        lastUsedAt: null,
        isActive: true,
      },
      {
        apiKeyId: revokedKeyId,
        apiKeyName: 'Old dashboard',
        apiKeyDescription: null,
        scopes: ['responses:read', 'sends:read'],
        createdAt: '2025-01-02T08:00:00.000Z',
        lastUsedAt: '2025-02-01T20:30:00.000Z',
        isActive: false,
      },
    ],
  };
}

function buildCreated(overrides: Partial<CreatedApiKey> = {}): CreatedApiKey {
  return {
    apiKeyId: '7c2fd08f-d02c-4bc8-8bcc-d07d8e9fa0b7',
    apiKey: newKey,
    apiKeyName: 'Reporting',
    apiKeyDescription: null,
    scopes: scopesOfLevel('read'),
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No table row holds ${text}`);
  return within(row);
}

const noKeys = (): ApiKeysResponse => ({ apiKeys: [] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API Keys settings', () => {
  it('lists the keys masked, with dates, last use, scopes per area, status and Revoke for active keys only', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': buildKeys } });
    renderApp('/settings/api-keys');

    expect(await screen.findByText('CRM sync')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Key',
      'Created',
      'Last Used',
      'Scopes',
      'Status',
      'Revoke',
    ]);
    const active = rowOf('CRM sync');
    expect(active.getByText('Nightly export to the CRM')).toBeInTheDocument();
    expect(active.getByText('•••••••••••••••')).toBeInTheDocument();
    expect(active.getByText(formatDateTime('2025-03-04T15:06:00.000Z'))).toBeInTheDocument();
    expect(formatDateTime('2025-03-04T15:06:00.000Z')).toMatch(/^03\/04\/2025, \d{1,2}:\d{2} [AP]M$/);
    expect(active.getByText('Never')).toBeInTheDocument();
    expect(active.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Responses: Read and write',
      'Templates: Read and write',
      'Contacts: Read and write',
      'Sends: Read and write',
    ]);
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Revoke CRM sync' })).toBeEnabled();

    const revoked = rowOf('Old dashboard');
    expect(revoked.getByText(formatDateTime('2025-02-01T20:30:00.000Z'))).toBeInTheDocument();
    expect(revoked.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Responses: Read',
      'Sends: Read',
    ]);
    expect(revoked.getByText('Inactive')).toBeInTheDocument();
    expect(revoked.getByRole('button', { name: 'Revoke Old dashboard' })).toBeDisabled();
    expect(screen.queryByText(newKey)).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no keys', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys } });
    renderApp('/settings/api-keys');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Generate API Key' }).length).toBeGreaterThan(0);
  });

  it('shows the load error text and tries again', async () => {
    let attempts = 0;
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/customers/api-keys': () => {
          attempts += 1;
          if (attempts === 1) throw apiError(403, { error: 'FORBIDDEN', message: 'Not allowed' });
          return buildKeys();
        },
      },
    });
    renderApp('/settings/api-keys');
    expect(await screen.findByText('Failed to load API keys. Please try again.')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('CRM sync')).toBeInTheDocument();
  });

  it('validates the name: required, at least 2 and fewer than 100 characters (docs/product-rules.md#logo-and-api-keys)', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: { '/customers/api-keys': () => buildCreated() },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();

    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    const submit = within(dialog).getByRole('button', { name: 'Generate API Key' });
    const name = within(dialog).getByLabelText('API Key Name');

    await user.click(submit);
    expect(await within(dialog).findByText('API key name is required')).toBeInTheDocument();
    await user.type(name, 'a');
    await user.click(submit);
    expect(await within(dialog).findByText('API key name must be at least 2 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.click(name);
    await user.paste('a'.repeat(100));
    await user.click(submit);
    expect(
      await within(dialog).findByText('API key name must be less than 100 characters'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it('generates a key with the scopes chosen per area, shows them with the key once and copies it with a 2-second check mark', async () => {
    const scopes = ['responses:read', 'templates:read', 'sends:read', 'sends:write'] as const;
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: { '/customers/api-keys': () => buildCreated({ scopes: [...scopes], apiKeyDescription: 'BI' }) },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    await user.type(within(dialog).getByLabelText('API Key Name'), 'Reporting');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'BI');
    for (const area of ['Responses', 'Templates', 'Contacts', 'Sends']) {
      expect(within(dialog).getByRole('combobox', { name: area })).toHaveValue('read');
    }
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sends' }), 'Read and write');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Contacts' }), 'No access');
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));

    expect(await screen.findByText('API key generated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      apiKeyName: 'Reporting',
      apiKeyDescription: 'BI',
      scopes: [...scopes],
    });
    const generated = await screen.findByRole('dialog', { name: 'API Key Generated' });
    expect(
      within(generated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Responses: Read', 'Templates: Read', 'Sends: Read and write']);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Generate API Key' })).not.toBeInTheDocument(),
    );
    expect(within(generated).getByLabelText('API key')).toHaveValue(newKey);
    expect(within(generated).getByText('Copy this key now')).toBeInTheDocument();

    await user.click(within(generated).getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith(newKey);
    expect(await within(generated).findByRole('button', { name: 'API key copied' })).toHaveTextContent(
      'Copied',
    );
    await waitFor(
      () => expect(within(generated).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument(),
      { timeout: 3000 },
    );

    await user.click(within(generated).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(newKey)).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/customers/api-keys')).toHaveLength(3));
  }, 10_000);

  it('falls back to the older copy method when the clipboard refuses', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: { '/customers/api-keys': () => buildCreated() },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;

    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    await user.type(within(dialog).getByLabelText('API Key Name'), 'Reporting');
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));
    const generated = await screen.findByRole('dialog', { name: 'API Key Generated' });
    await user.click(within(generated).getByRole('button', { name: 'Copy API key' }));

    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await within(generated).findByRole('button', { name: 'API key copied' })).toBeInTheDocument();
  });

  it("shows the server's message, or the fallback text, when generating fails", async () => {
    let reply: unknown = {
      error: 'VALIDATION',
      message: 'apiKeyName: Too fancy',
      details: { apiKeyName: 'Too fancy' },
    };
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: {
        '/customers/api-keys': () => {
          throw apiError(400, reply);
        },
      },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();

    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    await user.type(within(dialog).getByLabelText('API Key Name'), 'Reporting');
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));
    expect(await screen.findByText('apiKeyName: Too fancy')).toBeInTheDocument();
    expect(within(dialog).getByText('Too fancy')).toBeInTheDocument();

    reply = 'Bad gateway';
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));
    expect(await screen.findByText('Failed to generate API key.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'API Key Generated' })).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation that says it cannot be undone', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': buildKeys },
      delete: {
        [`/customers/api-keys/${activeKeyId}`]: () => ({ ...buildKeys().apiKeys[0], isActive: false }),
      },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to revoke "CRM sync"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Key' }));

    expect(await screen.findByText('API key revoked successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'delete').map((call) => call.url)).toEqual([
      `/customers/api-keys/${activeKeyId}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Failed to revoke API key." when revoking fails without a message', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': buildKeys },
      delete: {
        [`/customers/api-keys/${activeKeyId}`]: () => {
          throw apiError(500);
        },
      },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Key' }));
    expect(await screen.findByText('Failed to revoke API key.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Revoke API Key' })).toBeInTheDocument();
  });

  it('lets only admins generate and revoke keys', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'editor' }), '/customers/api-keys': buildKeys },
    });
    renderApp('/settings/api-keys');

    expectBlockedWithReason(
      await screen.findByRole('button', { name: 'Revoke CRM sync' }),
      'Only admins can revoke API keys. Ask an admin if you need this.',
    );
    expect(screen.getByText('Only workspace admins can generate and revoke API keys.')).toBeInTheDocument();
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Generate API Key' }),
      'Only admins can generate API keys. Ask an admin if you need this.',
    );
  });

  it('refuses a key that may do nothing, without calling the server', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: { '/customers/api-keys': () => buildCreated() },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    await user.type(within(dialog).getByLabelText('API Key Name'), 'Nothing');
    for (const area of ['Responses', 'Templates', 'Contacts', 'Sends']) {
      await user.selectOptions(within(dialog).getByRole('combobox', { name: area }), 'No access');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));
    expect(await within(dialog).findByText('Choose at least one area the key may read')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it('links to Getting started, which shows curl and TypeScript against this server', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': buildKeys } });
    renderApp('/settings/api-keys');
    const user = setupUser();
    await user.click(await screen.findByRole('link', { name: 'Getting started' }));
    expect(await screen.findByRole('heading', { name: 'Getting started with the API' })).toBeInTheDocument();
    const curl = screen.getByLabelText('curl examples');
    expect(curl).toHaveTextContent(`export GRAPHIUM_URL=${window.location.origin}`);
    expect(curl).toHaveTextContent('/api/v1/survey-templates?limit=10');
    expect(curl).toHaveTextContent('Idempotency-Key');
    expect(screen.getByLabelText('TypeScript example')).toHaveTextContent('createGraphiumClient');
    expect(screen.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    );
    await user.click(screen.getAllByRole('link', { name: 'API Keys' })[0]!);
    expect(await screen.findByText('CRM sync')).toBeInTheDocument();
  });
});
