import type { SsoSettings } from '@graphium/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const redirectUrl = 'https://graphium.example.com/api/auth/sso/callback';

function buildSettings(overrides: Partial<SsoSettings> = {}): SsoSettings {
  return {
    isConfigured: false,
    issuerUrl: '',
    clientId: '',
    hasClientSecret: false,
    allowedDomains: [],
    defaultRole: 'editor',
    isRequired: false,
    workspaceId: null,
    workspaceName: null,
    redirectUrl,
    ...overrides,
  };
}

/** `mockApi` covers get/post/patch/delete; the settings are saved with PUT. */
function mockPut(handler: (body: unknown) => unknown) {
  const bodies: unknown[] = [];
  vi.spyOn(apiClient, 'put').mockImplementation((async (_url: string, body: unknown) => {
    bodies.push(body);
    return { data: await handler(body), status: 200 };
  }) as never);
  return bodies;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Single Sign-On (decision 045)', () => {
  it('is in the settings sidebar for admins only', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp('/settings/single-sign-on');
    expect(
      await screen.findByText('Only admins can manage single sign-on. Ask an admin if you need this.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Single Sign-On' })).not.toBeInTheDocument();
  });

  it('saves the connection with its domains split and the role chosen', async () => {
    let current = buildSettings();
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/sso': () => current } });
    const bodies = mockPut((body) => {
      const input = body as { issuerUrl: string; clientId: string; allowedDomains: string[] };
      current = buildSettings({ ...input, isConfigured: true, hasClientSecret: true });
      return current;
    });
    renderApp('/settings/single-sign-on');
    const user = setupUser();
    expect(await screen.findByLabelText('Redirect URL')).toHaveValue(redirectUrl);

    await user.type(screen.getByLabelText('Issuer URL'), 'https://login.example.com');
    await user.type(screen.getByLabelText('Client ID'), 'graphium');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.type(screen.getByLabelText('Allowed e-mail domains'), 'bad domain!');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter e-mail domains such as example.com')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Allowed e-mail domains'));
    await user.type(screen.getByLabelText('Allowed e-mail domains'), 'Example.com, example.co.uk');
    await user.click(screen.getByLabelText('Require single sign-on'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Single sign-on saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        issuerUrl: 'https://login.example.com',
        clientId: 'graphium',
        clientSecret: 's3cret',
        allowedDomains: ['example.com', 'example.co.uk'],
        defaultRole: 'editor',
        isRequired: true,
      },
    ]);
    expect(await screen.findByText('A secret is saved. Leave this empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
  });

  it('shows the server refusal under its field and tests a saved connection', async () => {
    const saved = buildSettings({
      isConfigured: true,
      issuerUrl: 'https://login.example.com',
      clientId: 'graphium',
      hasClientSecret: true,
      allowedDomains: ['example.com'],
    });
    const taken = "example.com already signs in with another business's identity provider.";
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/sso': () => saved },
      post: {
        '/customers/sso/test': () => ({
          issuer: 'https://login.example.com',
          message: 'Connected: https://login.example.com answered its discovery document.',
        }),
      },
    });
    const bodies = mockPut(() => {
      throw apiError(400, { error: 'VALIDATION', message: taken, details: { allowedDomains: taken } });
    });
    renderApp('/settings/single-sign-on');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Connected: https://login.example.com answered its discovery document.'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Allowed e-mail domains'), ', example.org');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // A blank secret keeps the saved one: it is left out.
    expect(bodies[0]).not.toHaveProperty('clientSecret');
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    expect(screen.getByLabelText('Allowed e-mail domains')).toHaveAttribute('aria-invalid', 'true');
  });
});
