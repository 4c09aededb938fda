import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppQueryClient } from '@/app/query-client';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { SsoSignInForm } from './sso-sign-in-form';

function renderForm(onRedirect: (url: string) => void) {
  return render(
    <AppProvider queryClient={createAppQueryClient()}>
      <SsoSignInForm onRedirect={onRedirect} />
    </AppProvider>,
  );
}

describe('Sign In with SSO (decision 045)', () => {
  it('offers single sign-on on the sign-in page and back', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/sign-in');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Sign In with SSO' }));
    expect(screen.getByLabelText('Work Email Address')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In with Password' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it("sends the browser to the identity provider of the address's domain", async () => {
    const calls = mockApi({
      post: { '/auth/sso/start': () => ({ redirectUrl: 'https://login.example.com/authorize?x=1' }) },
    });
    const onRedirect = vi.fn();
    renderForm(onRedirect);
    const user = setupUser();
    await user.type(screen.getByLabelText('Work Email Address'), ' Grace@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://login.example.com/authorize?x=1'));
    expect(calls.find((call) => call.url === '/auth/sso/start')?.body).toEqual({
      emailAddress: 'grace@example.com',
    });
  });

  it('checks the address first and shows the server refusal under the field', async () => {
    const message = 'Single sign-on is not set up for this email domain. Sign in with your password.';
    const calls = mockApi({
      post: {
        '/auth/sso/start': () => {
          throw apiError(400, { error: 'VALIDATION', message, details: { emailAddress: message } });
        },
      },
    });
    const onRedirect = vi.fn();
    renderForm(onRedirect);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText('Enter your work email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('Work Email Address'), 'lin@nowhere.test');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Work Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it("shows why the identity provider's answer did not sign the person in", async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/sign-in?sso-error=domain');
    expect(
      await screen.findByText(
        'Your identity provider signed you in with an email address this workspace does not allow.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Work Email Address')).toBeInTheDocument();
  });
});
