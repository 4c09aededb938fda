import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { buildInvitation, buildStartup, invitationId, workspaceId } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

async function fillValidForm(user: UserEvent, { withIdentity = true } = {}) {
  await user.type(await screen.findByLabelText('First Name'), 'Grace');
  await user.type(screen.getByLabelText('Last Name'), 'Hopper');
  if (withIdentity) {
    await user.type(screen.getByLabelText('Business Name (optional)'), 'Compilers Inc');
    await user.type(screen.getByLabelText('Email Address'), 'Grace@Example.com');
  }
  await user.type(screen.getByLabelText('Password'), 'Cobol#1959');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  // The form validates after the last change: a click before then would find the button disabled
  // and send nothing (the 409 test once waited 10 s for a message no request had asked for).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled());
}

describe('Create an Account', () => {
  it('keeps the submit button disabled until every rule is met', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/sign-up');
    const user = setupUser();

    expect(await screen.findByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();

    await fillValidForm(user);
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('shows the schema messages under the fields it rejects', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    renderApp('/sign-up');
    const user = setupUser();

    await user.type(await screen.findByLabelText('First Name'), 'G');
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();

    expect(await screen.findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it('creates the account, clears the caches and opens the dashboard', async () => {
    let isSignedIn = false;
    const calls = mockApi({
      get: { '/accounts/startup': () => (isSignedIn ? buildStartup() : signedOut()) },
      post: {
        '/accounts/': () => {
          isSignedIn = true;
          return buildStartup();
        },
      },
    });
    const { router } = renderApp('/sign-up');
    const user = setupUser();

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.url === '/accounts/')?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      businessName: 'Compilers Inc',
      emailAddress: 'grace@example.com',
      password: 'Cobol#1959',
      termsAgreement: true,
    });
  });

  it("shows the server's message when the email address is taken and stays on the form", async () => {
    mockApi({
      get: { '/accounts/startup': signedOut },
      post: {
        '/accounts/': () => {
          throw apiError(409, {
            error: 'CONFLICT',
            message: 'An account with this email address already exists.',
          });
        },
      },
    });
    const { router } = renderApp('/sign-up');
    const user = setupUser();

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(screen.getByLabelText('First Name')).toHaveValue('Grace');
  });

  it('prefills and locks the business name and email address from an invitation', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': signedOut,
        [`/workspaces/invitation/${invitationId}`]: () => buildInvitation(),
      },
      post: { '/accounts/': () => buildStartup() },
    });
    renderApp({ pathname: '/sign-up', state: { workspaceId, workspaceInvitationId: invitationId } });
    const user = setupUser();

    const businessName = await screen.findByLabelText('Business Name');
    expect(businessName).toHaveValue('Difference Works');
    expect(businessName).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email Address')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');

    await fillValidForm(user, { withIdentity: false });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(calls.find((call) => call.url === '/accounts/')?.body).toMatchObject({
        businessName: 'Difference Works',
        emailAddress: 'grace@example.com',
        workspaceInvitationId: invitationId,
      }),
    );
  });

  it('reads the invitation from the query string too', async () => {
    mockApi({
      get: {
        '/accounts/startup': signedOut,
        [`/workspaces/invitation/${invitationId}`]: () => buildInvitation(),
      },
    });
    renderApp(`/sign-up?invitation=${invitationId}`);
    expect(await screen.findByText('Create your account to join Difference Works.')).toBeInTheDocument();
  });
});

describe('Complete Your Sign Up', () => {
  it('asks a signed-in person only for their names and saves them', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup() },
      patch: { '/accounts/me': () => buildStartup() },
    });
    const { router } = renderApp('/sign-up?complete=1');
    const user = setupUser();

    expect(await screen.findByRole('heading', { name: 'Complete Your Sign Up' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveValue('Ada');

    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Complete Sign Up' }));

    expect(await screen.findByText('Account updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/accounts/me')?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      businessName: 'Analytical Engines',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
