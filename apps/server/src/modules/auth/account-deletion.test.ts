import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function join(admin: TestClient, role: 'admin' | 'editor') {
  const emailAddress = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const signedUp = await signUpClient(t.client(), {
    emailAddress,
    firstName: 'Grace',
    lastName: 'Hopper',
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return { ...signedUp, emailAddress };
}

describe('deleting one’s own account', () => {
  it('refuses the last admin of a workspace and a wrong password, and changes nothing', async () => {
    const { client: admin, body } = await signUpClient(t.client(), { businessName: 'Only Admin Co' });
    const lastAdmin = await admin.post('/api/auth/account/deletion', { password: body.password });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toBe(
      'You are the last admin of Only Admin Co. Make another member an admin first, or delete the workspace.',
    );
    const wrong = await admin.post('/api/auth/account/deletion', { password: 'Wr0ng!pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ password: 'Your password is not right.' });
    expect((await admin.post('/api/auth/account/deletion', {})).statusCode).toBe(400);
    expect((await admin.get('/api/accounts/startup')).statusCode).toBe(200);
    expect(
      (await t.client().post('/api/auth/account/deletion', { password: body.password })).statusCode,
    ).toBe(401);
  });

  it('ends the sessions, erases the person and keeps what they authored as "Deleted user"', async () => {
    const { client: admin, startup } = await signUpClient(t.client(), { businessName: 'Hopper and Co' });
    const workspaceId = startup.workspaces[0]!.workspaceId;
    const colleague = await join(admin, 'admin');
    const { nps } = everyQuestion();
    const template = await publishTemplate(
      colleague.client,
      { questions: [nps] },
      { name: 'Grace’s survey' },
    );
    const otherDevice = t.client();
    expect(
      (
        await otherDevice.post('/api/auth/login', {
          emailAddress: colleague.emailAddress,
          password: 'Str0ng!pass',
        })
      ).statusCode,
    ).toBe(200);

    const deleted = await colleague.client.post('/api/auth/account/deletion', { password: 'Str0ng!pass' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await colleague.client.get('/api/accounts/startup')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/accounts/startup')).statusCode).toBe(401);
    const signIn = await t
      .client()
      .post('/api/auth/login', { emailAddress: colleague.emailAddress, password: 'Str0ng!pass' });
    expect(signIn.statusCode).toBe(401);

    const users = (await admin.get('/api/workspaces/users')).json();
    expect(users.users.map((user: { accountId: string }) => user.accountId)).toEqual([
      startup.account.accountId,
    ]);
    const accountId = colleague.startup.account.accountId;
    const [account] = await rows<Record<string, unknown>>(
      sql`select first_name, last_name, email_address, is_active, deleted_at from accounts where id = ${accountId}::uuid`,
    );
    expect(account).toMatchObject({ first_name: 'Deleted', last_name: 'user', is_active: false });
    expect(account!.email_address).not.toContain('colleague');
    expect(account!.deleted_at).not.toBeNull();
    // The template stays, still pointing at its author.
    const [version] = await rows<{ created_by_account_id: string }>(
      sql`select created_by_account_id from template_versions where id = ${template.surveyTemplateVersionId}::uuid`,
    );
    expect(version!.created_by_account_id).toBe(accountId);
    expect((await admin.get('/api/survey-templates/')).body).toContain('Grace’s survey');

    const [event] = await rows<{
      action: string;
      target_label: string;
      details: object;
      actor_label: string;
    }>(
      sql`select action, target_label, details, actor_label from audit_events
        where workspace_id = ${workspaceId}::uuid and action = 'account.deleted'`,
    );
    expect(event).toMatchObject({
      target_label: 'Deleted user',
      details: { workspacesLeft: 1, sessionsEnded: 2 },
    });
    expect(JSON.stringify(event)).not.toContain(colleague.emailAddress);

    // The address is free again.
    const again = await t.client().post('/api/accounts/', {
      firstName: 'Grace',
      lastName: 'Hopper',
      businessName: 'Fresh Start',
      emailAddress: colleague.emailAddress,
      password: 'Str0ng!pass',
      termsAgreement: true,
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
