import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storeProperties } from '../lists/test-lists-fixtures.js';
import { bearer, everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { actionsOf, adminOf, joinAs, lastRowOf } from './test-audit-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function logoUpload() {
  const boundary = `----graphium${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, randomBytes(8), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('what the audit log records', () => {
  it('records sign-in and failed sign-in with who and from which address', async () => {
    const { body, workspaceId } = await adminOf(t);
    const login = (password: string) =>
      t.client().post('/api/auth/login', { emailAddress: body.emailAddress, password });
    expect((await login('Wrong!pass1')).statusCode).toBe(401);
    expect((await login(body.password)).statusCode).toBe(200);
    const failed = await lastRowOf(t, workspaceId, 'account.sign-in-failed');
    expect(failed).toMatchObject({
      actorKind: 'anonymous',
      actorLabel: body.emailAddress,
      address: '127.0.0.1',
    });
    const signedIn = await lastRowOf(t, workspaceId, 'account.signed-in');
    expect(signedIn).toMatchObject({
      actorKind: 'member',
      actorLabel: body.emailAddress,
      address: '127.0.0.1',
    });
  });

  it('records a failed sign-in of an unknown address under no workspace', async () => {
    const response = await t.client().post('/api/auth/login', {
      emailAddress: 'nobody.at.all@example.com',
      password: 'Wrong!pass1',
    });
    expect(response.statusCode).toBe(401);
    const rows = await t.ctx.database.executeSql(
      `select workspace_id, actor_label from audit_events where action = 'account.sign-in-failed' and actor_label = 'nobody.at.all@example.com'`,
    );
    expect(rows.rows).toEqual([{ workspace_id: null, actor_label: 'nobody.at.all@example.com' }]);
  });

  it('records invitations, role changes and deactivation with before and after', async () => {
    const { client: admin, body, workspaceId } = await adminOf(t);
    const colleague = await joinAs(t, admin, 'viewer');
    const withdrawn = await admin.post('/api/workspaces/invite', {
      emailAddress: 'later@example.com',
      role: 'editor',
    });
    expect(
      (await admin.delete(`/api/workspaces/invitation/${withdrawn.json().workspaceInvitationId}`)).statusCode,
    ).toBe(204);
    expect(
      (await admin.patch(`/api/workspaces/users/${colleague.accountId}`, { role: 'editor' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/workspaces/users/${colleague.accountId}`, { isActive: false })).statusCode,
    ).toBe(200);
    expect(await actionsOf(t, workspaceId)).toEqual([
      'invitation.sent',
      'invitation.accepted',
      'invitation.sent',
      'invitation.withdrawn',
      'member.role-changed',
      'member.deactivated',
    ]);
    const accepted = await lastRowOf(t, workspaceId, 'invitation.accepted');
    expect(accepted).toMatchObject({ actorLabel: colleague.emailAddress, details: { role: 'viewer' } });
    const changed = await lastRowOf(t, workspaceId, 'member.role-changed');
    expect(changed).toMatchObject({
      actorLabel: body.emailAddress,
      targetId: colleague.accountId,
      targetLabel: colleague.emailAddress,
      details: { before: { role: 'viewer' }, after: { role: 'editor' } },
    });
  });

  it('writes nothing for a change that is refused and rolled back', async () => {
    const { client: admin, startup } = await (async () => {
      const created = await adminOf(t);
      return { ...created, startup: (await created.client.get('/api/accounts/startup')).json() };
    })();
    const workspaceId = startup.workspaces[0].workspaceId as string;
    const accountId = startup.account.accountId as string;
    const before = await actionsOf(t, workspaceId);
    const refused = await admin.patch(`/api/workspaces/users/${accountId}`, { role: 'viewer' });
    expect(refused.statusCode).toBe(409);
    const list = (await admin.post('/api/lists/', { listName: 'Stores' })).json();
    const badImport = await admin.post(`/api/lists/${list.listId}/items/import`, { rows: [{ nope: 'x' }] });
    expect(badImport.statusCode).toBeGreaterThanOrEqual(400);
    expect(await actionsOf(t, workspaceId)).toEqual([...before, 'list.created']);
  });

  it('records API keys, the logo and what an API key does, named by the key', async () => {
    const { client: admin, workspaceId } = await adminOf(t);
    const key = (
      await admin.post('/api/customers/api-keys', { apiKeyName: 'CRM sync', scope: 'read-write' })
    ).json();
    const upload = logoUpload();
    expect(
      (await admin.post('/api/customers/logo/upload', upload.body, { headers: upload.headers })).statusCode,
    ).toBe(200);
    expect((await admin.delete('/api/customers/logo')).statusCode).toBe(200);
    const byKey = await t.client().post('/api/lists/', { listName: 'From the CRM' }, bearer(key.apiKey));
    expect(byKey.statusCode).toBe(201);
    expect((await admin.delete(`/api/customers/api-keys/${key.apiKeyId}`)).statusCode).toBe(200);
    expect(await actionsOf(t, workspaceId)).toEqual([
      'api-key.generated',
      'logo.set',
      'logo.removed',
      'list.created',
      'api-key.revoked',
    ]);
    expect(await lastRowOf(t, workspaceId, 'list.created')).toMatchObject({
      actorKind: 'api-key',
      actorApiKeyId: key.apiKeyId,
      actorLabel: 'CRM sync',
    });
    expect((await lastRowOf(t, workspaceId, 'logo.set')).details).toMatchObject({
      before: null,
      after: { contentType: 'image/png' },
    });
  });

  it('records lists, templates, sends (counts, not contacts), exports, notification settings and suppressions', async () => {
    const { client: admin, workspaceId } = await adminOf(t);
    const list = (await admin.post('/api/lists/', { listName: 'Stores' })).json();
    await admin.patch(`/api/lists/${list.listId}`, { listName: 'Shops' });
    await admin.post(`/api/lists/${list.listId}/property`, {
      listProperty: storeProperties[0],
    });
    const imported = await admin.post(`/api/lists/${list.listId}/items/import`, {
      rows: [{ code: 'S1' }, { code: 'S2' }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const template = await publishTemplate(admin, { questions: [everyQuestion().nps] }, { name: 'Visit' });
    const sent = await admin.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'secret.person@example.com' }],
      surveyProperties: {},
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const exported = await admin.get(
      `/api/surveys/export?surveyTemplateId=${template.surveyTemplateId}&format=csv`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    await admin.patch(`/api/survey-templates/${template.surveyTemplateVersionId}/state`, {
      stateCode: 'UNPUBLISHED',
    });
    await admin.put('/api/workspace/notification-settings', { timeZone: 'Europe/Paris' });
    await admin.post('/api/workspace/suppressions', { contact: 'stop.me@example.com' });
    await admin.delete(`/api/workspace/suppressions/${encodeURIComponent('stop.me@example.com')}`);
    expect(await actionsOf(t, workspaceId)).toEqual([
      'list.created',
      'list.changed',
      'list.changed',
      'list.imported',
      'template.created',
      'template.edited',
      'template.published',
      'survey.sent',
      'responses.exported',
      'template.unpublished',
      'notification-settings.changed',
      'suppression.added',
      'suppression.removed',
    ]);
    expect((await lastRowOf(t, workspaceId, 'list.changed')).details).toMatchObject({
      propertyAdded: { name: 'code' },
    });
    expect((await lastRowOf(t, workspaceId, 'list.imported')).details).toEqual({ importedCount: 2 });
    const send = await lastRowOf(t, workspaceId, 'survey.sent');
    expect(send).toMatchObject({ targetLabel: 'Visit', details: { surveys: 1, messages: 1 } });
    expect(JSON.stringify(send)).not.toContain('secret.person');
    expect((await lastRowOf(t, workspaceId, 'responses.exported')).details).toMatchObject({ format: 'csv' });
    expect((await lastRowOf(t, workspaceId, 'template.unpublished')).details).toMatchObject({
      before: { state: 'PUBLISHED' },
      after: { state: 'UNPUBLISHED' },
    });
    expect((await lastRowOf(t, workspaceId, 'notification-settings.changed')).details).toMatchObject({
      before: { timeZone: 'UTC' },
      after: { timeZone: 'Europe/Paris' },
    });
    const suppression = await lastRowOf(t, workspaceId, 'suppression.added');
    expect(suppression.targetLabel).not.toBe('stop.me@example.com');
  });

  it('records base templates in the provider workspace', async () => {
    const provider = await adminOf(t);
    t.ctx.providerWorkspaceId = provider.workspaceId;
    try {
      const created = await provider.client.post('/api/base-survey-templates/', {
        baseSurveyTemplateName: 'Retail NPS',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await actionsOf(t, provider.workspaceId)).toEqual(['template.created']);
      expect(await lastRowOf(t, provider.workspaceId, 'template.created')).toMatchObject({
        targetLabel: 'Retail NPS',
        details: { kind: 'base' },
      });
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });
});
