import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDigestUnsubscribeToken } from './digest-unsubscribe.js';
import { digestTemplate, joinAs, workspaceIn } from './test-reports-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = '/api/report-subscriptions';

describe('digest subscriptions', () => {
  it('lets a viewer subscribe themselves to a template and the dashboard, once each', async () => {
    const admin = await workspaceIn(t);
    const template = await digestTemplate(admin.client);
    const viewer = await joinAs(t, admin.client, 'viewer');
    const weekly = await viewer.client.post(path, {
      surveyTemplateId: template.surveyTemplateId,
      frequency: 'weekly',
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    expect(weekly.json()).toEqual({
      reportSubscriptionId: expect.any(String),
      accountId: viewer.accountId,
      subscriber: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: viewer.emailAddress },
      scope: 'template',
      surveyTemplateId: template.surveyTemplateId,
      surveyTemplateName: template.surveyTemplateName,
      frequency: 'weekly',
      createdByAccountId: viewer.accountId,
      createdAt: expect.any(String),
    });
    const dashboard = await viewer.client.post(path, { frequency: 'monthly' });
    expect(dashboard.statusCode).toBe(201);
    expect(dashboard.json()).toMatchObject({
      scope: 'dashboard',
      surveyTemplateId: null,
      frequency: 'monthly',
    });

    const again = await viewer.client.post(path, {
      surveyTemplateId: template.surveyTemplateId,
      frequency: 'weekly',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already receive/);

    const mine = await viewer.client.get(path);
    expect(
      mine
        .json()
        .reportSubscriptions.map((row: { frequency: string }) => row.frequency)
        .sort(),
    ).toEqual(['monthly', 'weekly']);
    // The admin has none of their own, and sees the viewer's in the workspace's list.
    expect((await admin.client.get(path)).json().reportSubscriptions).toEqual([]);
    const all = await admin.client.get(`${path}?who=workspace`);
    expect(all.json().reportSubscriptions).toHaveLength(2);
  });

  it('rejects bad input with a message and changes nothing', async () => {
    const admin = await workspaceIn(t);
    const badFrequency = await admin.client.post(path, { frequency: 'daily' });
    expect(badFrequency.statusCode).toBe(400);
    expect(badFrequency.json().details).toHaveProperty('frequency');
    const unknownTemplate = await admin.client.post(path, {
      surveyTemplateId: randomUUID(),
      frequency: 'weekly',
    });
    expect(unknownTemplate.statusCode).toBe(404);
    expect((await admin.client.get(path)).json().reportSubscriptions).toEqual([]);
  });

  it('keeps other members to admins: subscribing, listing and ending theirs', async () => {
    const admin = await workspaceIn(t);
    const viewer = await joinAs(t, admin.client, 'viewer');
    const editor = await joinAs(t, admin.client, 'editor');

    const byEditor = await editor.client.post(path, { frequency: 'weekly', accountId: viewer.accountId });
    expect(byEditor.statusCode).toBe(403);
    expect((await viewer.client.get(`${path}?who=workspace`)).statusCode).toBe(403);

    const byAdmin = await admin.client.post(path, { frequency: 'weekly', accountId: viewer.accountId });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({
      accountId: viewer.accountId,
      createdByAccountId: admin.accountId,
    });
    const id = byAdmin.json().reportSubscriptionId as string;
    expect((await viewer.client.get(path)).json().reportSubscriptions).toHaveLength(1);

    // Someone else's digest is as unknown to an editor as another workspace's.
    expect((await editor.client.delete(`${path}/${id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`${path}/${id}`)).statusCode).toBe(204);
    expect((await viewer.client.get(path)).json().reportSubscriptions).toEqual([]);

    const own = await editor.client.post(path, { frequency: 'monthly' });
    expect((await editor.client.delete(`${path}/${own.json().reportSubscriptionId}`)).statusCode).toBe(204);
  });

  it('refuses to subscribe someone who is not an active member of the workspace', async () => {
    const admin = await workspaceIn(t);
    const stranger = await workspaceIn(t);
    const outsider = await admin.client.post(path, { frequency: 'weekly', accountId: stranger.accountId });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().details).toEqual({ accountId: 'Not an active member of this workspace' });
    const unknown = await admin.client.post(path, { frequency: 'weekly', accountId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps workspaces apart: templates, lists and deletions', async () => {
    const first = await workspaceIn(t);
    const second = await workspaceIn(t);
    const template = await digestTemplate(first.client);
    const foreignTemplate = await second.client.post(path, {
      surveyTemplateId: template.surveyTemplateId,
      frequency: 'weekly',
    });
    expect(foreignTemplate.statusCode).toBe(404);
    const subscribed = await first.client.post(path, {
      surveyTemplateId: template.surveyTemplateId,
      frequency: 'weekly',
    });
    const id = subscribed.json().reportSubscriptionId as string;
    expect((await second.client.get(`${path}?who=workspace`)).json().reportSubscriptions).toEqual([]);
    expect((await second.client.delete(`${path}/${id}`)).statusCode).toBe(404);
    expect((await first.client.get(path)).json().reportSubscriptions).toHaveLength(1);
  });

  it('hides the digests of a deactivated member, and shows them again when reactivated', async () => {
    const admin = await workspaceIn(t);
    const viewer = await joinAs(t, admin.client, 'viewer');
    await viewer.client.post(path, { frequency: 'weekly' });
    const off = await admin.client.patch(`/api/workspaces/users/${viewer.accountId}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin.client.get(`${path}?who=workspace`)).json().reportSubscriptions).toEqual([]);
    const refused = await admin.client.post(path, { frequency: 'monthly', accountId: viewer.accountId });
    expect(refused.statusCode).toBe(400);
    await admin.client.patch(`/api/workspaces/users/${viewer.accountId}`, { isActive: true });
    expect((await admin.client.get(`${path}?who=workspace`)).json().reportSubscriptions).toHaveLength(1);
  });

  it('ends a digest through the signed link in the e-mail, once, without signing in', async () => {
    const admin = await workspaceIn(t);
    const template = await digestTemplate(admin.client, 'Checkout');
    const created = await admin.client.post(path, {
      surveyTemplateId: template.surveyTemplateId,
      frequency: 'monthly',
    });
    const id = created.json().reportSubscriptionId as string;
    const token = createDigestUnsubscribeToken(t.ctx.config.sessionSecret, id);
    const anonymous = t.client();
    const info = await anonymous.get(`${path}/unsubscribe/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ isUnsubscribed: false, digestName: 'Monthly digest: Checkout' });
    // One-click, as mail providers post it: a form body, no anti-forgery token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${path}/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ isUnsubscribed: true, digestName: 'Monthly digest: Checkout' });
    expect((await admin.client.get(path)).json().reportSubscriptions).toEqual([]);
    const again = await anonymous.post(`${path}/unsubscribe/${token}`);
    expect(again.json()).toEqual({ isUnsubscribed: true, digestName: null, workspaceName: null });

    const forged = await anonymous.get(`${path}/unsubscribe/${id}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.statusCode).toBe(404);
  });
});
