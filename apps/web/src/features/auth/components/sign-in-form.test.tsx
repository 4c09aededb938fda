import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { buildInvitation, buildStartup, invitationId, workspaceId } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

async function fillAndSubmit(emailAddress: string, password: string) {
  const user = setupUser();
  await user.type(await screen.findByLabelText('Email Address'), emailAddress);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
}

describe('Sign In', () => {
  it('signs in on Enter, shows the success toast and opens the dashboard', async () => {
    let isSignedIn = false;
    const calls = mockApi({
      get: { '/accounts/startup': () => (isSignedIn ? buildStartup() : signedOut()) },
      post: {
        '/auth/login': () => {
          isSignedIn = true;
          return buildStartup();
        },
      },
    });
    const { router } = renderApp('/sign-in');

    await fillAndSubmit('ada@example.com', 'Secret#123');

    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/auth/login')?.body).toEqual({
      emailAddress: 'ada@example.com',
      password: 'Secret#123',
    });
  });

  it('shows the credentials toast on wrong credentials and stays on the form', async () => {
    mockApi({
      get: { '/accounts/startup': signedOut },
      post: {
        '/auth/login': () => {
          throw apiError(401, { error: 'UNAUTHENTICATED', message: 'Wrong email address or password' });
        },
      },
    });
    const { router } = renderApp('/sign-in');

    await fillAndSubmit('ada@example.com', 'wrong');

    expect(await screen.findByText('Failed to sign in. Please check your credentials.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows the server's message when signing in is rate limited", async () => {
    mockApi({
      get: { '/accounts/startup': signedOut },
      post: {
        '/auth/login': () => {
          throw apiError(429, {
            error: 'RATE_LIMITED',
            message: 'Too many attempts. Try again in 1 minute.',
          });
        },
      },
    });
    renderApp('/sign-in');

    await fillAndSubmit('ada@example.com', 'Secret#123');

    expect(await screen.findByText('Too many attempts. Try again in 1 minute.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to sign in. Please check your credentials.')).not.toBeInTheDocument();
  });

  it('sends the invitation id it was given in navigation state', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': signedOut,
        [`/workspaces/invitation/${invitationId}`]: () => buildInvitation({ isExistingAccount: true }),
      },
      post: {
        '/auth/login': () => {
          throw apiError(403, {
            error: 'FORBIDDEN',
            message: 'This invitation was sent to another email address.',
          });
        },
      },
    });
    renderApp({ pathname: '/sign-in', state: { workspaceId, workspaceInvitationId: invitationId } });

    expect(await screen.findByText('Sign in to join Difference Works.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('grace@example.com');
    const user = setupUser();
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('This invitation was sent to another email address.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/auth/login')?.body).toEqual({
      emailAddress: 'grace@example.com',
      password: 'Secret#123',
      workspaceInvitationId: invitationId,
    });
  });

  it('shows and hides the password', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/sign-in');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to the forgot password page', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    const { router } = renderApp('/sign-in');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });
});
