import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { answer, send } from '../responses/test-responses-fixtures.js';
import { createLabelledList, everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { purgeDeletedWorkspaces } from './workspace-deletion.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.setNow(undefined));

const dayMs = 24 * 60 * 60 * 1000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function countOf(table: string, workspaceId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${workspaceId}::uuid`,
  );
  return row!.n;
}

/** An admin with a published one-question template, a completed survey and an open one. */
async function workspaceWithSurveys(businessName: string) {
  const { client, startup } = await signUpClient(t.client(), { businessName });
  const { nps } = everyQuestion();
  const template = await publishTemplate(client, { questions: [nps] }, { name: `${businessName} visits` });
  const completed = await send(client, template.surveyTemplateVersionId, { email: 'ada@example.com' });
  await answer(t, completed, { [nps.id]: 9 });
  const open = await send(client, template.surveyTemplateVersionId, { email: 'bob@example.com' });
  const workspaceId = startup.workspaces[0]!.workspaceId;
  return { client, startup, workspaceId, template, completed, open };
}

async function invitedMember(admin: TestClient, role: 'editor' | 'viewer') {
  const emailAddress = `member.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const invitation = await admin.post('/api/workspaces/invite', { emailAddress, role });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const { client } = await signUpClient(t.client(), {
    emailAddress,
    workspaceInvitationId: invitation.json().workspaceInvitationId,
  });
  return client;
}

describe('deleting a workspace', () => {
  it('needs an admin and the workspace name typed; a wrong name changes nothing', async () => {
    const { client: admin } = await signUpClient(t.client(), { businessName: 'Careful Co' });
    const editor = await invitedMember(admin, 'editor');

    const byEditor = await editor.post('/api/workspaces/deletion', { confirmation: 'Careful Co' });
    expect(byEditor.statusCode).toBe(403);

    const wrong = await admin.post('/api/workspaces/deletion', { confirmation: 'careful co' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ confirmation: 'Type Careful Co to confirm' });
    const empty = await admin.post('/api/workspaces/deletion', { confirmation: '' });
    expect(empty.statusCode).toBe(400);

    const status = await admin.get('/api/workspaces/deletion');
    expect(status.json()).toMatchObject({ workspaceName: 'Careful Co', deletionDueAt: null });
    expect((await admin.get('/api/survey-templates/')).statusCode).toBe(200);
  });

  it('stops the workspace for seven days, tells members when, and lets an admin restore it', async () => {
    const { client: admin, workspaceId, open } = await workspaceWithSurveys('Grace Period Ltd');
    const viewer = await invitedMember(admin, 'viewer');
    const now = new Date('2026-11-26T10:00:00.000Z');
    t.setNow(now);

    const requested = await admin.post('/api/workspaces/deletion', { confirmation: ' Grace Period Ltd ' });
    expect(requested.statusCode, requested.body).toBe(200);
    const dueAt = new Date(now.getTime() + 7 * dayMs).toISOString();
    expect(requested.json()).toMatchObject({ deletionRequestedAt: now.toISOString(), deletionDueAt: dueAt });

    const startup = (await viewer.get('/api/accounts/startup')).json();
    expect(startup.workspaces[0]).toMatchObject({ workspaceId, deletionDueAt: dueAt });
    const refused = await viewer.get('/api/survey-templates/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Grace Period Ltd is scheduled for deletion on December 3, 2026 at 10:00 AM UTC and cannot be used until then. An admin can restore it before that.',
    );
    expect((await admin.get('/api/workspaces/users')).statusCode).toBe(403);
    expect((await viewer.get('/api/workspaces/deletion')).json().deletionDueAt).toBe(dueAt);
    // Respondents find nothing while it waits.
    expect((await t.client().get(`/api/surveys/${open}`)).statusCode).toBe(404);
    // Asking again is one of the things it refuses while it waits.
    expect(
      (await admin.post('/api/workspaces/deletion', { confirmation: 'Grace Period Ltd' })).statusCode,
    ).toBe(403);

    expect((await viewer.delete('/api/workspaces/deletion')).statusCode).toBe(403);
    const restored = await admin.delete('/api/workspaces/deletion');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ deletionDueAt: null });
    expect((await viewer.get('/api/survey-templates/')).statusCode).toBe(200);
    expect((await t.client().get(`/api/surveys/${open}`)).statusCode).toBe(200);
    expect((await admin.delete('/api/workspaces/deletion')).statusCode).toBe(409);

    const audit = await rows<{ action: string }>(
      sql`select action from audit_events where workspace_id = ${workspaceId}::uuid and action like 'workspace.%' order by sequence`,
    );
    expect(audit.map((row) => row.action)).toEqual(['workspace.deletion-requested', 'workspace.restored']);
  });

  it('refuses the provider workspace', async () => {
    const { client, startup } = await signUpClient(t.client(), { businessName: 'Provider Inc' });
    t.ctx.providerWorkspaceId = startup.workspaces[0]!.workspaceId;
    try {
      const refused = await client.post('/api/workspaces/deletion', { confirmation: 'Provider Inc' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('The provider workspace cannot be deleted.');
    } finally {
      t.ctx.providerWorkspaceId = undefined;
    }
  });

  it('after seven days removes all its data in batches, benchmark sums included, and nobody else’s', async () => {
    const gone = await workspaceWithSurveys('Leaving Soon');
    const kept = await workspaceWithSurveys('Staying Put');
    // More of what a workspace holds: a list with items, a suppressed address, an invitation.
    await createLabelledList(gone.client, ['North', 'South']);
    expect(
      (await gone.client.post('/api/workspace/suppressions', { contact: 'nobody@example.com' })).statusCode,
    ).toBe(201);
    expect(
      (
        await gone.client.post('/api/workspaces/invite', {
          emailAddress: 'later@example.com',
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(201);
    const now = new Date('2026-11-26T10:00:00.000Z');
    t.setNow(now);
    await gone.client.post('/api/workspaces/deletion', { confirmation: 'Leaving Soon' });
    // A benchmark row of each workspace, as a base template's aggregate holds them.
    await t.ctx.db.execute(sql`insert into response_benchmark_stats (base_template_id, question_id, workspace_id, count, percentage_sum)
      values (${kept.template.surveyTemplateId}::uuid, '', ${gone.workspaceId}::uuid, 1, 90),
             (${kept.template.surveyTemplateId}::uuid, '', ${kept.workspaceId}::uuid, 1, 80)`);

    t.setNow(new Date(now.getTime() + 6 * dayMs));
    expect((await purgeDeletedWorkspaces(t.ctx)).purged).not.toContain(gone.workspaceId);
    expect(await countOf('surveys', gone.workspaceId)).toBe(2);

    t.setNow(new Date(now.getTime() + 7 * dayMs + 1000));
    const { purged } = await purgeDeletedWorkspaces(t.ctx, { batchSize: 1 });
    expect(purged).toContain(gone.workspaceId);
    for (const table of [
      'surveys',
      'templates',
      'response_template_stats',
      'response_benchmark_stats',
      'workspace_members',
    ]) {
      expect(await countOf(table, gone.workspaceId), table).toBe(0);
    }
    // Every table with a workspace column holds nothing of it (the audit log aside, decision 017).
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'workspace_id' and table_name <> 'audit_events'`,
    );
    expect(tables.length).toBeGreaterThan(30);
    for (const { table_name } of tables)
      expect(await countOf(table_name, gone.workspaceId), table_name).toBe(0);
    expect(await rows(sql`select id from workspaces where id = ${gone.workspaceId}::uuid`)).toEqual([]);
    expect(
      await rows(sql`select id from customers where id = ${gone.startup.workspaces[0]!.customerId}::uuid`),
    ).toEqual([]);
    expect(await countOf('surveys', kept.workspaceId)).toBe(2);
    expect(await countOf('response_benchmark_stats', kept.workspaceId)).toBe(1);
    expect((await kept.client.get('/api/survey-templates/')).statusCode).toBe(200);

    const startup = (await gone.client.get('/api/accounts/startup')).json();
    expect(startup.workspaces).toEqual([]);
    const [event] = await rows<{ details: { removed: Record<string, number> }; chain_key: string }>(
      sql`select details, chain_key from audit_events where action = 'workspace.purged' and target_id = ${gone.workspaceId}`,
    );
    expect(event!.chain_key).toBe('none');
    expect(event!.details.removed).toMatchObject({ surveys: 2, templates: 1, workspaces: 1, customers: 1 });
    expect(JSON.stringify(event!.details)).not.toContain('ada@example.com');
    // Run again: nothing left to do.
    expect((await purgeDeletedWorkspaces(t.ctx)).purged).toEqual([]);
  });
});
