import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const challenge = { nextStep: 'two-factor', message: 'Enter the 6-digit code from your authenticator app.' };

async function passPasswordStep() {
  const user = setupUser();
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.keyboard('{Enter}');
  return user;
}

describe('Sign In: the second step', () => {
  it('asks for the code after the password and signs in with it', async () => {
    let isSignedIn = false;
    const calls = mockApi({
      get: { '/accounts/startup': () => (isSignedIn ? buildStartup() : signedOut()) },
      post: {
        '/auth/login': () => challenge,
        '/auth/login/two-factor': () => {
          isSignedIn = true;
          return buildStartup();
        },
      },
    });
    const { router } = renderApp('/sign-in');
    const user = await passPasswordStep();

    const code = await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    expect(router.state.location.pathname).toBe('/sign-in');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.url === '/auth/login/two-factor')?.body).toEqual({ code: '123456' });
  });

  it('refuses anything but six digits before asking the server', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': signedOut },
      post: { '/auth/login': () => challenge },
    });
    renderApp('/sign-in');
    const user = await passPasswordStep();
    await user.type(
      await screen.findByLabelText('Enter the 6-digit code from your authenticator app'),
      '12ab',
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/auth/login/two-factor')).toBe(false);
  });

  it("shows the server's message for a wrong code and stays on the step", async () => {
    mockApi({
      get: { '/accounts/startup': signedOut },
      post: {
        '/auth/login': () => challenge,
        '/auth/login/two-factor': () => {
          throw apiError(401, {
            error: 'UNAUTHENTICATED',
            message: 'That code is not right. Please try again.',
          });
        },
      },
    });
    const { router } = renderApp('/sign-in');
    const user = await passPasswordStep();
    await user.type(
      await screen.findByLabelText('Enter the 6-digit code from your authenticator app'),
      '000000',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByText('That code is not right. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('signs in with a recovery code instead', async () => {
    let isSignedIn = false;
    const calls = mockApi({
      get: { '/accounts/startup': () => (isSignedIn ? buildStartup() : signedOut()) },
      post: {
        '/auth/login': () => challenge,
        '/auth/login/two-factor': () => {
          isSignedIn = true;
          return buildStartup();
        },
      },
    });
    const { router } = renderApp('/sign-in');
    const user = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k7m2p-x9q4t');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.url === '/auth/login/two-factor')?.body).toEqual({
      recoveryCode: 'k7m2p-x9q4t',
    });
  });

  it('goes back to the password form', async () => {
    mockApi({ get: { '/accounts/startup': signedOut }, post: { '/auth/login': () => challenge } });
    renderApp('/sign-in');
    const user = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
