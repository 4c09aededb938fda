import type { ApiKeysResponse, CreatedApiKey } from '@graphium/shared';
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
        scope: 'read-write',
        createdAt: '2025-03-04T15:06:00.000Z',
        lastUsedAt: null,
        isActive: true,
      },
      {
        apiKeyId: revokedKeyId,
        apiKeyName: 'Old dashboard',
        apiKeyDescription: null,
        scope: 'read',
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
    scope: 'read',
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
  it('lists the keys masked, with dates, last use, scope, status and Revoke for active keys only', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': buildKeys } });
    renderApp('/settings/api-keys');

    expect(await screen.findByText('CRM sync')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Key',
      'Created',
      'Last Used',
      'Scope',
      'Status',
      'Revoke',
    ]);
    const active = rowOf('CRM sync');
    expect(active.getByText('Nightly export to the CRM')).toBeInTheDocument();
    expect(active.getByText('•••••••••••••••')).toBeInTheDocument();
    expect(active.getByText(formatDateTime('2025-03-04T15:06:00.000Z'))).toBeInTheDocument();
    expect(formatDateTime('2025-03-04T15:06:00.000Z')).toMatch(/^03\/04\/2025, \d{1,2}:\d{2} [AP]M$/);
    expect(active.getByText('Never')).toBeInTheDocument();
    expect(active.getByText('Read and write')).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Revoke CRM sync' })).toBeEnabled();

    const revoked = rowOf('Old dashboard');
    expect(revoked.getByText(formatDateTime('2025-02-01T20:30:00.000Z'))).toBeInTheDocument();
    expect(revoked.getByText('Read-only')).toBeInTheDocument();
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

  it('generates a key with the chosen scope, shows it once and copies it with a 2-second check mark', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/api-keys': noKeys },
      post: { '/customers/api-keys': () => buildCreated({ scope: 'read-write', apiKeyDescription: 'BI' }) },
    });
    renderApp('/settings/api-keys');
    const user = setupUser();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click((await screen.findAllByRole('button', { name: 'Generate API Key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    await user.type(within(dialog).getByLabelText('API Key Name'), 'Reporting');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'BI');
    expect(within(dialog).getByRole('radio', { name: /Read-only/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate API Key' }));

    expect(await screen.findByText('API key generated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      apiKeyName: 'Reporting',
      apiKeyDescription: 'BI',
      scope: 'read-write',
    });
    const generated = await screen.findByRole('dialog', { name: 'API Key Generated' });
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
});
