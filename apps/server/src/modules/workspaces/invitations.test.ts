import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMailbox, type TestMailbox } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient, type TestClient } from '../../test/test-client.js';

let t: TestApp;
let mailbox: TestMailbox;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url }, withWorker: true });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function invite(admin: TestClient, emailAddress: string, role = 'editor') {
  const response = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(response.statusCode).toBe(201);
  return response.json() as {
    workspaceInvitationId: string;
    emailAddress: string;
    role: string;
    expiresAt: string;
  };
}

describe('inviting a colleague', () => {
  it('e-mails a link; the colleague signs up through it and both are listed in Users', async () => {
    const { client: admin, startup } = await signUpClient(t.client(), { businessName: 'Acme Surveys' });
    const colleague = uniqueEmail('colleague');
    const invitation = await invite(admin, colleague, 'viewer');
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const mail = await mailbox.waitFor(colleague);
    expect(mail.subject).toBe('Ada Lovelace invited you to join Acme Surveys on Graphium');
    const link = `http://graphium.test/invite/${invitation.workspaceInvitationId}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);

    const details = await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      workspaceId: startup.workspaces[0]?.workspaceId,
      workspaceName: 'Acme Surveys',
      workspaceMemberCount: 1,
      emailAddress: colleague,
      role: 'viewer',
      isExistingAccount: false,
      isWorkspaceMember: false,
      isAccepted: false,
      invitedBy: { firstName: 'Ada', lastName: 'Lovelace' },
      workspaceSettings: { workspaceLogoUrl: null },
    });

    const joined = await t.client().post(
      '/api/accounts/',
      newSignUp({
        firstName: 'Charles',
        lastName: 'Babbage',
        emailAddress: colleague,
        businessName: 'Acme Surveys',
        workspaceInvitationId: invitation.workspaceInvitationId,
      }),
    );
    expect(joined.statusCode).toBe(201);
    expect(joined.json().workspaces).toEqual([
      expect.objectContaining({ workspaceId: startup.workspaces[0]?.workspaceId, role: 'viewer' }),
    ]);

    const users = (await admin.get('/api/workspaces/users')).json();
    expect(
      users.users.map((user: { account: { emailAddress: string } }) => user.account.emailAddress),
    ).toEqual([startup.account.emailAddress, colleague]);
    expect(users.users[1]).toMatchObject({
      role: 'viewer',
      isActive: true,
      account: { firstName: 'Charles', isActive: true },
    });
    expect(users.invitations).toEqual([]);

    const used = await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`);
    expect(used.json()).toMatchObject({ isAccepted: true, isWorkspaceMember: true, workspaceMemberCount: 2 });
  });

  it('resends an open invitation (same link, new expiry and role, one row) and refuses a current member', async () => {
    const { client: admin, startup } = await signUpClient(t.client());
    const colleague = uniqueEmail('again');
    const first = await invite(admin, colleague, 'viewer');
    await mailbox.waitFor(colleague);
    const second = await invite(admin, colleague.toUpperCase(), 'editor');
    expect(second.workspaceInvitationId).toBe(first.workspaceInvitationId);
    expect(second.role).toBe('editor');
    expect(new Date(second.expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(first.expiresAt).getTime());
    await expect
      .poll(
        () =>
          mailbox.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes(colleague)).length,
      )
      .toBe(2);
    const users = (await admin.get('/api/workspaces/users')).json();
    expect(users.invitations).toEqual([
      expect.objectContaining({ workspaceInvitationId: first.workspaceInvitationId, role: 'editor' }),
    ]);

    const member = await admin.post('/api/workspaces/invite', {
      emailAddress: startup.account.emailAddress,
      role: 'viewer',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(
      `${startup.account.emailAddress} is already a member of this workspace.`,
    );
  });

  it('lets an existing account join by signing in with the invitation', async () => {
    const { client: admin, startup } = await signUpClient(t.client());
    const { body: other } = await signUpClient(t.client());
    const invitation = await invite(admin, other.emailAddress);
    const details = (
      await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`)
    ).json();
    expect(details.isExistingAccount).toBe(true);

    const client = t.client();
    const login = await client.post('/api/auth/login', {
      emailAddress: other.emailAddress,
      password: other.password,
      workspaceInvitationId: invitation.workspaceInvitationId,
    });
    expect(login.statusCode).toBe(200);
    const workspaces = login.json().workspaces;
    expect(workspaces).toHaveLength(2);
    expect(workspaces[0]).toMatchObject({ workspaceId: startup.workspaces[0]?.workspaceId, role: 'editor' });
  });

  it('accepts for a signed-in account (PATCH .../accept) once', async () => {
    const { client: admin } = await signUpClient(t.client());
    const { client: other, body } = await signUpClient(t.client());
    const invitation = await invite(admin, body.emailAddress);
    const url = `/api/workspaces/invitation/${invitation.workspaceInvitationId}/accept`;
    const first = await other.patch(url);
    expect(first.statusCode).toBe(200);
    expect((await other.patch(url)).statusCode).toBe(200);
    const stranger = (await signUpClient(t.client())).client;
    const reuse = await stranger.patch(url);
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe('This invitation has already been used.');
  });

  it('refuses an invitation sent to another address, and creates no account', async () => {
    const { client: admin } = await signUpClient(t.client());
    const invitation = await invite(admin, uniqueEmail('invited'));
    const intruder = uniqueEmail('intruder');
    const response = await t
      .client()
      .post(
        '/api/accounts/',
        newSignUp({ emailAddress: intruder, workspaceInvitationId: invitation.workspaceInvitationId }),
      );
    expect(response.statusCode).toBe(403);
    const login = await t
      .client()
      .post('/api/auth/login', { emailAddress: intruder, password: 'Str0ng!pass' });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an expired invitation', async () => {
    const { client: admin } = await signUpClient(t.client());
    const colleague = uniqueEmail('late');
    const invitation = await invite(admin, colleague);
    t.setNow(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    try {
      const response = await t
        .client()
        .post(
          '/api/accounts/',
          newSignUp({ emailAddress: colleague, workspaceInvitationId: invitation.workspaceInvitationId }),
        );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'This invitation has expired. Ask the workspace admin to send a new one.',
      );
    } finally {
      t.setNow(undefined);
    }
  });

  it('answers 404 for an unknown or withdrawn invitation', async () => {
    const unknown = await t.client().get('/api/workspaces/invitation/4b1e7a52-1d0c-4f0e-9a51-0d7c2b1f9e11');
    expect(unknown.statusCode).toBe(404);
    const { client: admin } = await signUpClient(t.client());
    const invitation = await invite(admin, uniqueEmail('withdrawn'));
    expect(
      (await admin.delete(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`)).statusCode,
    ).toBe(204);
    const gone = await t.client().get(`/api/workspaces/invitation/${invitation.workspaceInvitationId}`);
    expect(gone.statusCode).toBe(404);
  });

  it('validates the address with the form messages and refuses a current member', async () => {
    const { client: admin, body } = await signUpClient(t.client());
    const empty = await admin.post('/api/workspaces/invite', { emailAddress: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.emailAddress).toBe('Email address is required');
    const bad = await admin.post('/api/workspaces/invite', { emailAddress: 'nope' });
    expect(bad.json().details.emailAddress).toBe('Please enter a valid email address');
    const member = await admin.post('/api/workspaces/invite', { emailAddress: body.emailAddress });
    expect(member.statusCode).toBe(409);
    expect((await admin.get('/api/workspaces/users')).json().invitations).toEqual([]);
  });

  it('lets only admins invite (403 for an editor) and requires a session (401)', async () => {
    const { client: admin } = await signUpClient(t.client());
    const editorEmail = uniqueEmail('editor');
    const invitation = await invite(admin, editorEmail, 'editor');
    const editor = t.client();
    await editor.post(
      '/api/accounts/',
      newSignUp({ emailAddress: editorEmail, workspaceInvitationId: invitation.workspaceInvitationId }),
    );
    const response = await editor.post('/api/workspaces/invite', { emailAddress: uniqueEmail('x') });
    expect(response.statusCode).toBe(403);
    expect(
      (await t.client().post('/api/workspaces/invite', { emailAddress: uniqueEmail('y') })).statusCode,
    ).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to an x-workspace-id naming another tenant, and changes nothing there', async () => {
    const a = await signUpClient(t.client(), { businessName: 'Tenant Alpha' });
    const b = await signUpClient(t.client(), { businessName: 'Tenant Beta' });
    const alphaWorkspace = a.startup.workspaces[0]!.workspaceId;
    const invitation = await invite(a.client, uniqueEmail('alpha-only'));

    const asOther = { headers: { 'x-workspace-id': alphaWorkspace } };
    const users = await b.client.get('/api/workspaces/users', asOther);
    expect(users.statusCode).toBe(404);
    expect(users.json().message).toBe(
      'Workspace not found: the x-workspace-id you sent names no workspace you may act in.',
    );
    expect(JSON.stringify(users.json())).not.toContain(a.startup.account.accountId);
    // The startup reply still answers (with the caller's own workspaces) so the web can recover.
    const startup = (await b.client.get('/api/accounts/startup', asOther)).json();
    expect(startup.workspaces.map((w: { workspaceName: string }) => w.workspaceName)).toEqual([
      'Tenant Beta',
    ]);

    const patch = await b.client.patch(
      `/api/workspaces/users/${a.startup.account.accountId}`,
      { role: 'viewer' },
      asOther,
    );
    expect(patch.statusCode).toBe(404);
    const withdraw = await b.client.delete(
      `/api/workspaces/invitation/${invitation.workspaceInvitationId}`,
      asOther,
    );
    expect(withdraw.statusCode).toBe(404);
    const unknown = await b.client.get('/api/workspaces/users', {
      headers: { 'x-workspace-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const stillPending = (await a.client.get('/api/workspaces/users')).json().invitations;
    expect(stillPending).toHaveLength(1);
    const alphaUsers = (await a.client.get('/api/workspaces/users')).json().users;
    expect(alphaUsers[0].role).toBe('admin');
  });
});

describe('choosing among several workspaces', () => {
  it('acts in the workspace the header names, else the one the x-workspace-id cookie names', async () => {
    const alpha = await signUpClient(t.client(), { businessName: 'Alpha' });
    const beta = await signUpClient(t.client(), { businessName: 'Beta' });
    const invitation = await invite(beta.client, alpha.body.emailAddress);
    const accepted = await alpha.client.patch(
      `/api/workspaces/invitation/${invitation.workspaceInvitationId}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    const alphaWorkspace = alpha.startup.workspaces[0]!.workspaceId;
    const betaWorkspace = beta.startup.workspaces[0]!.workspaceId;
    const usersOf = async (options?: { headers: Record<string, string> }) =>
      ((await alpha.client.get('/api/workspaces/users', options)).json().users as { accountId: string }[])
        .map((user) => user.accountId)
        .sort();

    // A plain link (an export download) sends no header: the cookie chooses.
    alpha.client.cookies.set('x-workspace-id', betaWorkspace);
    expect(await usersOf()).toEqual([alpha.startup.account.accountId, beta.startup.account.accountId].sort());
    // The header wins over the cookie.
    expect(await usersOf({ headers: { 'x-workspace-id': alphaWorkspace } })).toEqual([
      alpha.startup.account.accountId,
    ]);
    // A cookie naming a workspace the account is not in acts nowhere: 404, nothing foreign.
    const outsider = await signUpClient(t.client());
    outsider.client.cookies.set('x-workspace-id', betaWorkspace);
    const outsiderUsers = await outsider.client.get('/api/workspaces/users');
    expect(outsiderUsers.statusCode).toBe(404);
    expect(JSON.stringify(outsiderUsers.json())).not.toContain(beta.startup.account.accountId);
  });
});

describe('managing members', () => {
  async function workspaceWithMember(role = 'editor') {
    const admin = await signUpClient(t.client());
    const email = uniqueEmail('member');
    const invitation = await invite(admin.client, email, role);
    const member = t.client();
    const joined = await member.post(
      '/api/accounts/',
      newSignUp({ emailAddress: email, workspaceInvitationId: invitation.workspaceInvitationId }),
    );
    return {
      admin,
      member,
      memberBody: { emailAddress: email, password: 'Str0ng!pass' },
      memberId: joined.json().account.accountId as string,
    };
  }

  it('changes a role and shows it in Users', async () => {
    const { admin, memberId } = await workspaceWithMember();
    const response = await admin.client.patch(`/api/workspaces/users/${memberId}`, { role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ accountId: memberId, role: 'admin', isActive: true });
  });

  it('deactivates a member, ending their sessions at once with the reason, and they can no longer sign in', async () => {
    const { admin, member, memberBody, memberId } = await workspaceWithMember();
    // A second session of the member, read once so this process has it cached.
    const elsewhere = t.client();
    expect((await elsewhere.post('/api/auth/login', memberBody)).statusCode).toBe(200);
    expect((await elsewhere.get('/api/accounts/startup')).statusCode).toBe(200);
    const response = await admin.client.patch(`/api/workspaces/users/${memberId}`, { isActive: false });
    expect(response.json().isActive).toBe(false);
    const workspaceName = admin.startup.workspaces[0]!.workspaceName;
    for (const client of [member, elsewhere]) {
      for (const url of ['/api/workspaces/users', '/api/accounts/startup']) {
        const refused = await client.get(url);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({
          error: 'UNAUTHENTICATED',
          message: `Your access to ${workspaceName} was removed.`,
        });
      }
    }
    const login = await t.client().post('/api/auth/login', memberBody);
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      'Your account has no active workspace. Ask a workspace admin to invite you again.',
    );
    const users = (await admin.client.get('/api/workspaces/users')).json().users;
    expect(users.find((user: { accountId: string }) => user.accountId === memberId).isActive).toBe(false);
  });

  it('keeps at least one active admin (409) and lets only admins manage (403)', async () => {
    const { admin, member, memberId } = await workspaceWithMember('editor');
    const self = admin.startup.account.accountId;
    const demote = await admin.client.patch(`/api/workspaces/users/${self}`, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      'A workspace needs at least one active admin. Make another member an admin first.',
    );
    expect((await admin.client.patch(`/api/workspaces/users/${self}`, { isActive: false })).statusCode).toBe(
      409,
    );
    expect((await member.patch(`/api/workspaces/users/${memberId}`, { role: 'admin' })).statusCode).toBe(403);
    expect((await admin.client.patch(`/api/workspaces/users/${memberId}`, {})).statusCode).toBe(400);
  });
});
