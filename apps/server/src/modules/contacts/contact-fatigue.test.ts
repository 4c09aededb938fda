import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { firstName, send, sender, uniqueEmail, uniquePhone } from '../surveys/test-sending-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(undefined));

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-05-01T09:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * day);
const email = (address: string) => ({
  surveyContactMethods: [{ contactMethodType: 'email', emailAddress: address }],
});

describe('fatigue rule', () => {
  it('refuses a second survey to a contact within 30 days, across templates, and allows it after', async () => {
    const { client, template } = await sender(t);
    const other = await publishTemplate(
      client,
      {
        properties: [firstName],
        questions: Object.values(everyQuestion()),
      },
      { name: 'Second template' },
    );
    const address = uniqueEmail();
    t.setNow(start);
    expect((await send(client, template.surveyTemplateVersionId, email(address))).statusCode).toBe(201);

    t.setNow(at(10));
    const tooSoon = await send(client, other.surveyTemplateVersionId, email(address));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe(
      'Surveyed on 05/01/2026: this workspace surveys a contact at most once every 30 days.',
    );
    const written = await t.ctx.db
      .select()
      .from(surveys)
      .where(eq(surveys.templateId, other.surveyTemplateId));
    expect(written).toEqual([]);

    t.setNow(at(30.5));
    expect((await send(client, other.surveyTemplateVersionId, email(address))).statusCode).toBe(201);
  });

  it('lets only one of two concurrent sends to a person not known yet through (decision 047)', async () => {
    const { client, template } = await sender(t);
    t.setNow(start);
    for (let round = 0; round < 3; round += 1) {
      const address = uniqueEmail();
      const replies = await Promise.all([
        send(client, template.surveyTemplateVersionId, email(address)),
        send(client, template.surveyTemplateVersionId, email(address)),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([
        201, 409,
      ]);
      expect(replies.find((reply) => reply.statusCode === 409)?.json().message).toBe(
        'Surveyed on 05/01/2026: this workspace surveys a contact at most once every 30 days.',
      );
      const written = await t.ctx.db
        .select({ id: surveys.id })
        .from(surveys)
        .where(sql`${surveys.contactMethods} @> ${JSON.stringify([{ emailAddress: address }])}::jsonb`);
      expect(written).toHaveLength(1);
    }
  });

  it('counts the fatigued rows of a bulk send in its dry run, skips them when sending, and sends the rest', async () => {
    const { client, template } = await sender(t);
    const [surveyed, fresh, twice] = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const phone = uniquePhone();
    t.setNow(start);
    expect((await send(client, template.surveyTemplateVersionId, email(surveyed))).statusCode).toBe(201);
    t.setNow(at(5));
    const rows = [
      { emailAddress: surveyed, properties: { 'First name': 'Ada' } },
      { emailAddress: fresh, phoneNumber: phone, properties: { 'First name': 'Bob' } },
      { phoneNumber: phone, properties: { 'First name': 'Bob' } },
      { emailAddress: twice, properties: { 'First name': 'Cy' } },
    ];
    const body = { surveyTemplateVersionId: template.surveyTemplateVersionId, rows };
    const preview = await client.post('/api/surveys/bulk', { ...body, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      dryRun: true,
      rowCount: 4,
      validRowCount: 2,
      created: 0,
      failed: [
        {
          row: 1,
          errors: {
            fatigue: 'Surveyed on 05/01/2026: this workspace surveys a contact at most once every 30 days.',
          },
        },
        {
          row: 3,
          errors: {
            fatigue:
              'The same contact as row 2: this workspace surveys a contact at most once every 30 days.',
          },
        },
      ],
    });
    const sent = await client.post('/api/surveys/bulk', body);
    expect(sent.json()).toMatchObject({ created: 2, validRowCount: 2 });
    // Sent now: a second file a day later is all fatigued.
    t.setNow(at(6));
    const again = await client.post('/api/surveys/bulk', { ...body, dryRun: true });
    expect(again.json()).toMatchObject({ validRowCount: 0 });
    expect(again.json().failed).toHaveLength(4);
  });

  it('is the workspace setting: any member reads it, admins change it (0: no limit), bad values are refused', async () => {
    const { client, template } = await sender(t);
    expect((await client.get('/api/workspace/contact-settings')).json()).toEqual({ fatigueDays: 30 });
    for (const fatigueDays of [-1, 366, 1.5]) {
      const refused = await client.put('/api/workspace/contact-settings', { fatigueDays });
      expect(refused.statusCode, String(fatigueDays)).toBe(400);
    }
    expect((await client.get('/api/workspace/contact-settings')).json()).toEqual({ fatigueDays: 30 });

    const editorEmail = uniqueEmail();
    const invitation = await client.post('/api/workspaces/invite', {
      emailAddress: editorEmail,
      role: 'editor',
    });
    const editor = await signUpClient(t.client(), {
      emailAddress: editorEmail,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    expect((await editor.client.put('/api/workspace/contact-settings', { fatigueDays: 0 })).statusCode).toBe(
      403,
    );
    expect((await editor.client.get('/api/workspace/contact-settings')).statusCode).toBe(200);

    const saved = await client.put('/api/workspace/contact-settings', { fatigueDays: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = uniqueEmail();
    expect((await send(client, template.surveyTemplateVersionId, email(address))).statusCode).toBe(201);
    expect((await send(client, template.surveyTemplateVersionId, email(address))).statusCode).toBe(201);

    await client.put('/api/workspace/contact-settings', { fatigueDays: 7 });
    t.setNow(new Date(Date.now() + 3 * day));
    const tooSoon = await send(client, template.surveyTemplateVersionId, email(address));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toContain('at most once every 7 days');
  });
});
