import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { createUnsubscribeToken, readUnsubscribeToken } from '../delivery/unsubscribe-link.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const secret = () => t.ctx.config.sessionSecret;

async function joinAs(admin: TestClient, role: 'viewer' | 'editor'): Promise<TestClient> {
  const emailAddress = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode).toBe(201);
  const { client } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return client;
}

describe('unsubscribe links', () => {
  it('names the workspace and the contact, and refuses a changed token', () => {
    const token = createUnsubscribeToken(secret(), 'ws-1', 'ada@example.com');
    expect(readUnsubscribeToken(secret(), token)).toEqual({
      workspaceId: 'ws-1',
      contact: 'ada@example.com',
    });
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from('ws-1\nbob@example.com').toString('base64url')}.${signature}`;
    expect(readUnsubscribeToken(secret(), forged)).toBeUndefined();
    expect(readUnsubscribeToken('another-secret-another-secret-0123', token)).toBeUndefined();
    expect(readUnsubscribeToken(secret(), `${payload}`)).toBeUndefined();
  });

  it('shows whose messages stop (masked contact), then unsubscribes, idempotently and in one click', async () => {
    const { client, startup } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
    const workspace = startup.workspaces[0]!;
    const token = createUnsubscribeToken(secret(), workspace.workspaceId, 'ada.lovelace@example.com');
    const visitor = t.client();
    const info = await visitor.get(`/api/unsubscribe/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      workspaceName: workspace.workspaceName,
      maskedContact: 'a***********@example.com',
      isUnsubscribed: false,
    });
    // A mail provider's one-click POST: a form body, no cookie, no anti-forgery header.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().isUnsubscribed).toBe(true);
    expect((await visitor.post(`/api/unsubscribe/${token}`)).json().isUnsubscribed).toBe(true);
    expect((await visitor.get(`/api/unsubscribe/${token}`)).json().isUnsubscribed).toBe(true);

    const list = await client.get('/api/workspace/suppressions');
    expect(list.json().suppressions).toEqual([
      {
        contact: 'ada.lovelace@example.com',
        contactType: 'email',
        reason: 'unsubscribed',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers 404 with a clear message for a bad token', async () => {
    for (const token of [
      'nonsense',
      'a.b',
      `${createUnsubscribeToken('wrong-secret-wrong-secret-0123456', 'x', 'y@z.co')}`,
    ]) {
      const response = await t.client().get(`/api/unsubscribe/${token}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This unsubscribe link is invalid or has expired.');
    }
    const unknownWorkspace = createUnsubscribeToken(
      secret(),
      '00000000-0000-4000-8000-000000000000',
      'a@b.co',
    );
    expect((await t.client().post(`/api/unsubscribe/${unknownWorkspace}`)).statusCode).toBe(404);
  });
});

describe('the suppression list', () => {
  it('lets editors add and remove contacts and viewers only read, per workspace', async () => {
    const { client: admin } = await signUpClient(t.client());
    const editor = await joinAs(admin, 'editor');
    const viewer = await joinAs(admin, 'viewer');
    const added = await editor.post('/api/workspace/suppressions', { contact: '(555) 010-2030' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      contact: '5550102030',
      contactType: 'phone',
      reason: 'added-by-staff',
    });
    expect((await editor.post('/api/workspace/suppressions', { contact: '555-010-2030' })).statusCode).toBe(
      201,
    );
    const bad = await editor.post('/api/workspace/suppressions', { contact: 'not a contact' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.contact).toBe('Enter an e-mail address or a phone number of 10 to 15 digits');
    expect((await viewer.post('/api/workspace/suppressions', { contact: 'x@example.com' })).statusCode).toBe(
      403,
    );
    expect((await viewer.get('/api/workspace/suppressions')).json().suppressions).toHaveLength(1);

    const { client: stranger } = await signUpClient(t.client());
    expect((await stranger.get('/api/workspace/suppressions')).json().suppressions).toEqual([]);
    expect((await stranger.delete('/api/workspace/suppressions/5550102030')).statusCode).toBe(404);
    expect((await viewer.delete('/api/workspace/suppressions/5550102030')).statusCode).toBe(403);
    expect((await editor.delete('/api/workspace/suppressions/5550102030')).statusCode).toBe(204);
    expect((await editor.delete('/api/workspace/suppressions/5550102030')).statusCode).toBe(404);
    expect((await admin.get('/api/workspace/suppressions')).json().suppressions).toEqual([]);
  });
});
