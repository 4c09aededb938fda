import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';

/** A workspace's audit rows, oldest first. */
export function auditRowsOf(t: TestApp, workspaceId: string) {
  return t.ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.workspaceId, workspaceId))
    .orderBy(asc(auditEvents.sequence));
}

export async function actionsOf(t: TestApp, workspaceId: string): Promise<string[]> {
  return (await auditRowsOf(t, workspaceId)).map((row) => row.action);
}

/** The newest row of an action in a workspace. */
export async function lastRowOf(t: TestApp, workspaceId: string, action: string) {
  const rows = (await auditRowsOf(t, workspaceId)).filter((row) => row.action === action);
  expect(rows.length, `no ${action} row`).toBeGreaterThan(0);
  return rows.at(-1)!;
}

/** A new admin with a workspace of their own. */
export async function adminOf(t: TestApp) {
  const { client, body, startup } = await signUpClient(t.client());
  return { client, body, workspaceId: startup.workspaces[0]!.workspaceId };
}

/** A colleague with `role` in the admin's workspace, joined through an invitation. */
export async function joinAs(t: TestApp, admin: TestClient, role: 'viewer' | 'editor' | 'admin') {
  const emailAddress = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const { client, startup } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return { client, emailAddress, accountId: startup.account.accountId };
}
