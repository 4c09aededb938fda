import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

// Decision 044: a member deletes their own account with their password.
function mockAccount(answer: (body: unknown) => unknown) {
  return mockApi({
    get: {
      '/accounts/startup': () => buildStartup(),
      '/auth/two-factor': () => ({ isEnabled: false, isRequired: false, recoveryCodesLeft: 0 }),
      '/auth/sessions': () => ({ sessions: [] }),
      '/workspaces/security': () => ({ requireTwoFactor: false }),
    },
    post: { '/auth/account/deletion': answer },
  });
}

describe('Settings → Security: Delete account', () => {
  it('shows the last admin why it is refused', async () => {
    mockAccount(() => {
      throw apiError(409, {
        error: 'CONFLICT',
        message:
          'You are the last admin of Analytical Engines. Make another member an admin first, or delete the workspace.',
      });
    });
    renderApp('/settings/security');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: 'Delete account' });
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    expect(await within(section).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    expect(
      await within(section).findByText(/You are the last admin of Analytical Engines/, { selector: 'div' }),
    ).toBeInTheDocument();
  });

  it('signs the person out once the account is gone', async () => {
    const calls = mockAccount(() => undefined);
    const { router } = renderApp('/settings/security');
    const user = setupUser();
    const section = await screen.findByRole('region', { name: 'Delete account' });
    expect(within(section).getByText(/yours to delete/)).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.find((call) => call.url === '/auth/account/deletion')?.body).toEqual({
      password: 'Str0ng!pass',
    });
  });
});
