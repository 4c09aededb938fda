import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkspaceUsersResponse } from '@/features/workspace-users/api/get-workspace-users';
import { apiError, mockApi } from '@/test/api-mock';
import { accountId, buildStartup, invitationId } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';

const otherAccountId = '4f9cad5c-ad9a-4e95-9e99-ad4a5b6c7d84';

function buildUsers(): WorkspaceUsersResponse {
  return {
    users: [
      {
        accountId,
        role: 'admin',
        isActive: true,
        joinedAt: '2025-01-01T00:00:00.000Z',
        account: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com', isActive: true },
      },
      {
        accountId: otherAccountId,
        role: 'viewer',
        isActive: true,
        joinedAt: '2025-01-02T00:00:00.000Z',
        account: { firstName: 'Alan', lastName: 'Turing', emailAddress: 'alan@example.com', isActive: false },
      },
    ],
    invitations: [
      {
        workspaceInvitationId: invitationId,
        emailAddress: 'grace@example.com',
        role: 'editor',
        expiresAt: new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString(),
        createdAt: new Date().toISOString(),
      },
    ],
  };
}

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No table row holds ${text}`);
  return within(row);
}

describe('Users settings', () => {
  it('opens from /settings and lists members and invitations with their role and status', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/workspaces/users': buildUsers } });
    const { router } = renderApp('/settings');

    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/users');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Edit',
    ]);
    expect(rowOf('ada@example.com').getByText('Admin')).toBeInTheDocument();
    expect(rowOf('ada@example.com').getByText('Active')).toBeInTheDocument();
    expect(rowOf('alan@example.com').getByText('Viewer')).toBeInTheDocument();
    expect(rowOf('alan@example.com').getByText('Inactive')).toBeInTheDocument();
    expect(rowOf('grace@example.com').getByText('Invited')).toBeInTheDocument();
    expect(rowOf('grace@example.com').getByText('Expires in 3 days')).toBeInTheDocument();
    expect(screen.queryByText('Member')).not.toBeInTheDocument();
  });

  it('shows the load error text when the users cannot be loaded', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/workspaces/users': () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'Not allowed' });
        },
      },
    });
    renderApp('/settings/users');

    expect(await screen.findByText('Error loading workspace users. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('validates the invitation email, sends the chosen role and refreshes the list', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/workspaces/users': buildUsers },
      post: { '/workspaces/invite': () => ({}) },
    });
    renderApp('/settings/users');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(within(dialog).queryByText(/not yet implemented/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Email address is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email Address'), 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Email Address'));
    await user.type(within(dialog).getByLabelText('Email Address'), 'Linus@Example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: /Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Invitation sent to linus@example.com!')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/workspaces/invite')?.body).toEqual({
      emailAddress: 'linus@example.com',
      role: 'viewer',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === '/workspaces/users')).toHaveLength(2));
  });

  it("shows the server's message when the invitee is already a member", async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/workspaces/users': buildUsers },
      post: {
        '/workspaces/invite': () => {
          throw apiError(409, { error: 'CONFLICT', message: 'alan@example.com is already a member.' });
        },
      },
    });
    renderApp('/settings/users');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText('Email Address'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('alan@example.com is already a member.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
  });

  it('deactivates a member from the edit dialog and shows a refusal from the server', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/workspaces/users': buildUsers },
      patch: {
        [`/workspaces/users/${accountId}`]: () => {
          throw apiError(409, { error: 'CONFLICT', message: 'A workspace needs at least one active admin.' });
        },
      },
    });
    renderApp('/settings/users');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: /Deactivated/ }));
    await user.click(save);

    expect(await screen.findByText('A workspace needs at least one active admin.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ isActive: false });
  });

  it('lets only admins invite and edit members', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'editor' }), '/workspaces/users': buildUsers },
    });
    renderApp('/settings/users');

    expectBlockedWithReason(
      await screen.findByRole('button', { name: 'Edit Ada Lovelace' }),
      'Only admins can change members. Ask an admin if you need this.',
    );
    expect(
      screen.getByText('Only workspace admins can invite people and change roles and statuses.'),
    ).toBeInTheDocument();
    const invite = screen.getByRole('button', { name: 'Invite User' });
    expectBlockedWithReason(invite, 'Only admins can invite people. Ask an admin if you need this.');
    await setupUser().click(invite);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectBlockedWithReason(
      screen.getByRole('button', { name: /^Revoke invitation for/ }),
      'Only admins can revoke invitations. Ask an admin if you need this.',
    );
  });

  it('revokes a pending invitation after confirmation', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/workspaces/users': buildUsers },
      delete: { [`/workspaces/invitation/${invitationId}`]: () => undefined },
    });
    renderApp('/settings/users');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Revoke invitation for grace@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Invitation revoked.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'delete')).toHaveLength(1);
  });
});
