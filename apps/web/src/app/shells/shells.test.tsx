import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

describe('Authenticated shell', () => {
  it('shows "Loading..." while the auth status loads, then sends a signed-out visitor to sign in', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    const { router } = renderApp('/dashboard');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says on the sign-in page that the access was removed when that ended the session', async () => {
    const removed = () => {
      throw apiError(401, { error: 'UNAUTHENTICATED', message: 'Your access to Acme was removed.' });
    };
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': removed } });
    const { router } = renderApp('/alerts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByText('Your access to Acme was removed.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(/Error loading/)).not.toBeInTheDocument();
  });

  it("shows the person's name, an online indicator and the main navigation", async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    renderApp('/dashboard');

    const banner = await screen.findByRole('banner');
    expect(
      within(banner).getByRole('button', { name: 'Account menu for Ada Lovelace, online' }),
    ).toBeInTheDocument();
    const navigation = within(banner).getByRole('navigation', { name: 'Main' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Surveys', 'Alerts', 'Contacts', 'Settings']);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByText('Analytical Engines')).toBeInTheDocument();
  });

  it('adds Base Surveys in the provider workspace', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup({ isGraphiumWorkspace: true }) } });
    renderApp('/dashboard');

    const navigation = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Base Surveys' })).toHaveAttribute(
      'href',
      '/base-survey-templates',
    );
    expect(screen.getByRole('link', { name: /Base Survey Templates/ })).toBeInTheDocument();
  });

  it('signs out from the user menu and lands on sign in', async () => {
    let isSignedIn = true;
    const calls = mockApi({
      get: { '/accounts/startup': () => (isSignedIn ? buildStartup() : signedOut()) },
      post: {
        '/auth/logout': () => {
          isSignedIn = false;
        },
      },
    });
    const { router } = renderApp('/alerts');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.filter((call) => call.url === '/auth/logout')).toHaveLength(1);
  });

  it('still lands on sign in when signing out fails', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup() },
      post: {
        '/auth/logout': () => {
          throw apiError(503);
        },
      },
    });
    const { router } = renderApp('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Failed to sign out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('closes the user menu on an outside click', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    renderApp('/dashboard');
    // Radix blocks pointer events outside an open menu; the click must still reach the page.
    const user = setupUser({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('Unauthenticated shell', () => {
  it('sends a signed-in person to the dashboard', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    const { router } = renderApp('/sign-in');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the side panel with the "Surveys" heading', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/forgot-password');

    const panel = await screen.findByRole('complementary');
    expect(within(panel).getByText('Surveys')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeInTheDocument();
  });
});

describe('Unknown routes', () => {
  it('shows the not found page', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
