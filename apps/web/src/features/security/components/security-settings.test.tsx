import type { AccountSession, TwoFactorStatus } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function buildSessions(): AccountSession[] {
  return [
    {
      sessionId: '7d3c1c9e-8f8e-4a4e-9d2b-0c8e4f6a1b01',
      device: 'Chrome on Linux',
      ipAddress: '203.0.113.5',
      createdAt: '2026-03-02T09:00:00.000Z',
      lastSeenAt: '2026-03-02T09:30:00.000Z',
      isCurrent: true,
    },
    {
      sessionId: '7d3c1c9e-8f8e-4a4e-9d2b-0c8e4f6a1b02',
      device: 'Safari on iOS',
      ipAddress: '198.51.100.7',
      createdAt: '2026-03-01T09:00:00.000Z',
      lastSeenAt: '2026-03-01T18:00:00.000Z',
      isCurrent: false,
    },
  ];
}

const off: TwoFactorStatus = { isEnabled: false, isRequired: false, recoveryCodesLeft: 0 };

function mockSecurity(options: { status?: TwoFactorStatus; role?: 'admin' | 'editor' } = {}) {
  let sessions = buildSessions();
  let status = options.status ?? off;
  const calls = mockApi({
    get: {
      '/accounts/startup': () => buildStartup({ role: options.role ?? 'admin' }),
      '/auth/two-factor': () => status,
      '/auth/sessions': () => ({ sessions }),
      '/workspaces/security': () => ({ requireTwoFactor: false }),
    },
    post: {
      '/auth/two-factor/enrolment': () => ({ secret, uri: `otpauth://totp/Graphium:ada?secret=${secret}` }),
      '/auth/two-factor/enrolment/confirm': (body) => {
        if ((body as { code: string }).code !== '123456') {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'That code is not right. Please try again.',
            details: { code: 'That code is not right. Please try again.' },
          });
        }
        status = { isEnabled: true, isRequired: false, recoveryCodesLeft: 10 };
        return { recoveryCodes: Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}j`) };
      },
      '/auth/two-factor/recovery-codes': (body) => {
        if ((body as { code: string }).code !== '654321') {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'That code is not right. Please try again.',
            details: { code: 'That code is not right. Please try again.' },
          });
        }
        status = { ...status, recoveryCodesLeft: 10 };
        return { recoveryCodes: Array.from({ length: 10 }, (_, index) => `newer-code${index}`) };
      },
      '/auth/sessions/revoke-others': () => {
        sessions = sessions.filter((session) => session.isCurrent);
        return { revoked: 1 };
      },
      '/auth/password': () => {
        throw apiError(400, {
          error: 'VALIDATION',
          message: 'Your current password is not right.',
          details: { currentPassword: 'Your current password is not right.' },
        });
      },
    },
    patch: { '/workspaces/security': (body) => body },
    delete: {
      '/auth/sessions/7d3c1c9e-8f8e-4a4e-9d2b-0c8e4f6a1b02': () => {
        sessions = sessions.filter((session) => session.isCurrent);
        return undefined;
      },
    },
  });
  return calls;
}

describe('Settings → Security', () => {
  it('sets up two-factor sign-in: QR code and key, a code, then the recovery codes once', async () => {
    const calls = mockSecurity();
    renderApp('/settings/security');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));

    expect(await within(section).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(
      await within(section).findByRole('img', { name: 'QR code to add Graphium to your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));

    const code = within(section).getByLabelText('Enter the 6-digit code from your authenticator app');
    await user.type(code, '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn On' }));
    expect(
      await within(section).findByText('That code is not right. Please try again.', { selector: 'p' }),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn On' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(await within(section).findByText('You have 10 unused recovery codes.')).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/auth/two-factor/enrolment/confirm')).toHaveLength(2);
  });

  it('makes new recovery codes with a code from the app and shows them once', async () => {
    const calls = mockSecurity({ status: { isEnabled: true, isRequired: false, recoveryCodesLeft: 2 } });
    renderApp('/settings/security');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(section).findByText('You have 2 unused recovery codes.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New Recovery Codes' }));
    const code = within(section).getByLabelText('Enter the 6-digit code from your authenticator app');
    await user.type(code, '000000');
    await user.click(within(section).getByRole('button', { name: 'Make New Recovery Codes' }));
    expect(
      await within(section).findByText('That code is not right. Please try again.', { selector: 'p' }),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(section).getByRole('button', { name: 'Make New Recovery Codes' }));
    expect(await within(section).findByText('New recovery codes are ready.')).toBeInTheDocument();
    const codes = within(section).getByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(await within(section).findByText('You have 10 unused recovery codes.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/auth/two-factor/recovery-codes')).toHaveLength(2);
  });

  it('lists the sessions with this one marked, and signs out one or all the others', async () => {
    const calls = mockSecurity();
    renderApp('/settings/security');
    const user = setupUser();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(/198\.51\.100\.7 · Last seen/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.7' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((call) => call.method === 'delete')).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign Out All Other Sessions' })).toBeDisabled();
  });

  it('signs out every other session at once', async () => {
    const calls = mockSecurity();
    renderApp('/settings/security');
    const user = setupUser();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    await user.click(screen.getByRole('button', { name: 'Sign Out All Other Sessions' }));
    expect(await screen.findByText('1 other session is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((call) => call.url === '/auth/sessions/revoke-others')).toBe(true);
  });

  it('shows a wrong current password under its field', async () => {
    mockSecurity();
    renderApp('/settings/security');
    const user = setupUser();
    await user.type(await screen.findByLabelText('Current Password'), 'Wr0ng!pass');
    await user.type(screen.getByLabelText('New Password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Your current password is not right.', { selector: 'p' }),
    ).toBeInTheDocument();
  });

  it('lets an admin require two-factor sign-in; editors do not see the rule', async () => {
    const calls = mockSecurity({ status: { isEnabled: true, isRequired: false, recoveryCodesLeft: 9 } });
    renderApp('/settings/security');
    const user = setupUser();
    const checkbox = await screen.findByRole('checkbox', { name: 'Require two-factor sign-in' });
    await waitFor(() => expect(checkbox).not.toBeChecked());
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ requireTwoFactor: true }),
    );
  });

  it('hides the rule from editors', async () => {
    mockSecurity({ role: 'editor' });
    renderApp('/settings/security');
    expect(await screen.findByRole('region', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Require two-factor sign-in' })).not.toBeInTheDocument();
  });
});

describe('A workspace that requires two-factor sign-in', () => {
  it('shows only the enrolment until the member has set it up', async () => {
    let twoFactor = { isEnabled: false, isRequired: true };
    mockApi({
      get: { '/accounts/startup': () => ({ ...buildStartup({ role: 'editor' }), twoFactor }) },
      post: {
        '/auth/two-factor/enrolment': () => ({ secret, uri: `otpauth://totp/Graphium:ada?secret=${secret}` }),
        '/auth/two-factor/enrolment/confirm': () => {
          twoFactor = { isEnabled: true, isRequired: true };
          return { recoveryCodes: ['abcde-fghjk'] };
        },
      },
    });
    renderApp('/dashboard');
    const user = setupUser();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(
      screen.getByText('Analytical Engines requires two-factor sign-in. Set it up to continue.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.type(
      await screen.findByLabelText('Enter the 6-digit code from your authenticator app'),
      '123456',
    );
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
