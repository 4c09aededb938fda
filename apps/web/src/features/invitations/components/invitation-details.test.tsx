import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, signedOut } from '@/test/api-mock';
import { buildInvitation, buildStartup, invitationId, workspaceId } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { formatMemberCount } from './invitation-details';

/** A signed-in person joins: the button, then "Join" in the dialog that asks first. */
async function joinSignedIn() {
  await userEvent.click(await screen.findByRole('button', { name: 'Join this organization' }));
  const confirm = await screen.findByRole('dialog', { name: /^Join .+\?$/ });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Join' }));
}

const invitationPath = `/workspaces/invitation/${invitationId}`;
const acceptPath = `${invitationPath}/accept`;

describe('Invitation page', () => {
  it('shows the loading text, then the inviter, expiry, workspace and member count', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockApi({
      get: {
        '/accounts/startup': signedOut,
        [invitationPath]: () => new Promise((resolve) => (answer = resolve)),
      },
    });
    renderApp(`/invite/${invitationId}`);

    expect(await screen.findByText('Loading invitation details...')).toBeInTheDocument();
    answer(buildInvitation());

    expect(
      await screen.findByRole('heading', { name: 'Charles Babbage invited you to join the workspace' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Invitation expires in 7 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Difference Works' })).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join this organization' })).toBeEnabled();
  });

  it('says "1 member" for a workspace of one', () => {
    expect(formatMemberCount(1)).toBe('1 member');
    expect(formatMemberCount(0)).toBe('0 members');
    expect(formatMemberCount(12)).toBe('12 members');
  });

  it("shows the invalid-link text and the server's reason when it cannot load", async () => {
    mockApi({
      get: {
        '/accounts/startup': signedOut,
        [invitationPath]: () => {
          throw apiError(404, { error: 'NOT_FOUND', message: 'This invitation does not exist.' });
        },
      },
    });
    renderApp(`/invite/${invitationId}`);

    expect(
      await screen.findByText('Unable to load invitation details. Please check the invitation link.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This invitation does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join this organization' })).not.toBeInTheDocument();
  });

  it('hides the workspace card when the invitation has expired', async () => {
    mockApi({
      get: {
        '/accounts/startup': signedOut,
        [invitationPath]: () =>
          buildInvitation({ expiresAt: new Date(Date.now() - 86_400_000).toISOString() }),
      },
    });
    renderApp(`/invite/${invitationId}`);

    expect(await screen.findByText('This invitation has expired')).toBeInTheDocument();
    expect(screen.queryByText('Difference Works')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join this organization' })).not.toBeInTheDocument();
  });

  it('tells a member they already belong to the workspace', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [invitationPath]: () => buildInvitation({ isWorkspaceMember: true }),
      },
    });
    renderApp(`/invite/${invitationId}`);

    expect(await screen.findByText('You are already a member of this workspace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Join this organization' })).not.toBeInTheDocument();
  });

  it('sends a signed-out person without an account to sign up with the invitation', async () => {
    mockApi({
      get: { '/accounts/startup': signedOut, [invitationPath]: () => buildInvitation() },
    });
    const { router } = renderApp(`/invite/${invitationId}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Join this organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(router.state.location.state).toEqual({ workspaceId, workspaceInvitationId: invitationId });
    expect(await screen.findByLabelText('Email Address')).toHaveValue('grace@example.com');
  });

  it('sends a signed-out person with an account to sign in with the invitation', async () => {
    mockApi({
      get: {
        '/accounts/startup': signedOut,
        [invitationPath]: () => buildInvitation({ isExistingAccount: true }),
      },
    });
    const { router } = renderApp(`/invite/${invitationId}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Join this organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.state).toEqual({ workspaceId, workspaceInvitationId: invitationId });
  });

  it('asks a signed-in person "Join {workspace}?", then accepts and opens the dashboard', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [invitationPath]: () => buildInvitation({ isExistingAccount: true }),
      },
      patch: { [acceptPath]: () => ({ workspaceId }) },
    });
    const { router } = renderApp(`/invite/${invitationId}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Join this organization' }));
    const confirm = await screen.findByRole('dialog', { name: 'Join Difference Works?' });
    expect(confirm).toHaveAccessibleDescription('You will switch to Difference Works.');
    expect(calls.filter((call) => call.url === acceptPath)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url === acceptPath)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Join this organization' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Join Difference Works?' })).getByRole('button', {
        name: 'Join',
      }),
    );

    expect(await screen.findByText('You joined Difference Works!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.filter((call) => call.url === acceptPath)).toHaveLength(1);
  });

  it("shows the server's reason when accepting fails", async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), [invitationPath]: () => buildInvitation() },
      patch: {
        [acceptPath]: () => {
          throw apiError(403, {
            error: 'FORBIDDEN',
            message: 'This invitation was sent to another email address.',
          });
        },
      },
    });
    const { router } = renderApp(`/invite/${invitationId}`);

    await joinSignedIn();

    expect(await screen.findByText('This invitation was sent to another email address.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invite/${invitationId}`);
  });

  it('falls back to "Failed to accept invitation." without a server message', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), [invitationPath]: () => buildInvitation() },
      patch: {
        [acceptPath]: () => {
          throw apiError(409);
        },
      },
    });
    renderApp(`/invite/${invitationId}`);

    await joinSignedIn();

    expect(await screen.findByText('Failed to accept invitation.')).toBeInTheDocument();
  });
});
