import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(undefined));

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-06-01T09:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * day);

interface World {
  client: TestClient;
  versionId: string;
  templateId: string;
  planId: string;
  ids: Record<'ada' | 'bob' | 'cy', string>;
}

/** Three contacts: Ada (Pro, 10 seats) and Bob (Free) answered NPS 3 and 9 on day 0; Cy (Pro) was never surveyed. */
async function world(): Promise<World> {
  const { client } = await signUpClient(t.client());
  for (const attribute of [
    { name: 'plan', displayName: 'Plan', type: 'STRING' },
    { name: 'seats', displayName: 'Seats', type: 'NUMBER' },
  ]) {
    expect((await client.post('/api/contacts/attributes', attribute)).statusCode).toBe(201);
  }
  const npsId = randomUUID();
  const planId = randomUUID();
  const template = await publishTemplate(client, {
    properties: [{ id: planId, type: 'Text', label: 'Plan' }],
    questions: [
      {
        id: npsId,
        type: 'NetPromoterScore',
        question: 'Recommend us?',
        label: 'NPS',
        validation: { required: false },
      },
    ],
  });
  const people = {
    ada: { emailAddress: `ada.${randomUUID()}@example.com`, attributes: { plan: 'Pro', seats: 10 } },
    bob: { emailAddress: `bob.${randomUUID()}@example.com`, attributes: { plan: 'Free' } },
    cy: { emailAddress: `cy.${randomUUID()}@example.com`, attributes: { plan: 'Pro', seats: 3 } },
  };
  const ids = {} as World['ids'];
  for (const [index, [key, person]] of Object.entries(people).entries()) {
    // Members come oldest contact first.
    t.setNow(at(index - 3));
    const created = await client.post('/api/contacts', person);
    expect(created.statusCode, created.body).toBe(201);
    ids[key as keyof typeof people] = created.json().contactId;
  }
  t.setNow(start);
  for (const [key, score] of [
    ['ada', 3],
    ['bob', 9],
  ] as const) {
    const sent = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: people[key].emailAddress }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const respondent = t.client();
    const url = `/api/surveys/${sent.json().surveyId}`;
    expect((await respondent.get(url)).statusCode).toBe(200);
    const done = await respondent.patch(`${url}?markAsComplete=true`, {
      surveyResponses: { [npsId]: score },
    });
    expect(done.statusCode, done.body).toBe(200);
  }
  return {
    client,
    versionId: template.surveyTemplateVersionId,
    templateId: template.surveyTemplateId,
    planId,
    ids,
  };
}

async function members(client: TestClient, conditions: object[]) {
  const response = await client.get(
    `/api/contacts/segments/preview?filter=${encodeURIComponent(JSON.stringify({ conditions }))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().contacts as { contactId: string }[]).map((contact) => contact.contactId);
}

describe('segments', () => {
  it('selects NPS detractors of the last 90 days, and nobody once the answer is older', async () => {
    const { client, ids } = await world();
    t.setNow(at(10));
    const detractors = [{ kind: 'nps', category: 'detractor', days: 90 }];
    expect(await members(client, detractors)).toEqual([ids.ada]);
    expect(await members(client, [{ kind: 'nps', category: 'promoter', days: 90 }])).toEqual([ids.bob]);
    t.setNow(at(91));
    expect(await members(client, detractors)).toEqual([]);
  });

  it('selects "plan is Pro and no survey in 60 days", attributes by type, and history', async () => {
    const { client, ids } = await world();
    const proQuiet = [
      { kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' },
      { kind: 'surveyed', isWithin: false, days: 60 },
    ];
    t.setNow(at(30));
    expect(await members(client, proQuiet)).toEqual([ids.cy]);
    t.setNow(at(61));
    expect(await members(client, proQuiet)).toEqual([ids.ada, ids.cy]);
    expect(await members(client, [{ kind: 'attribute', name: 'seats', operator: 'gt', value: '5' }])).toEqual(
      [ids.ada],
    );
    expect(await members(client, [{ kind: 'attribute', name: 'seats', operator: 'is_not_set' }])).toEqual([
      ids.bob,
    ]);
    expect(
      await members(client, [{ kind: 'attribute', name: 'plan', operator: 'not_equals', value: 'Pro' }]),
    ).toEqual([ids.bob]);
    expect(await members(client, [{ kind: 'surveyed', isWithin: true, days: 90 }])).toEqual([
      ids.ada,
      ids.bob,
    ]);
  });

  it('refuses unknown attributes, mistyped values and empty filters, saving nothing', async () => {
    const { client } = await world();
    const bad = [
      [
        [{ kind: 'attribute', name: 'colour', operator: 'equals', value: 'red' }],
        'Unknown attribute "colour"',
      ],
      [[{ kind: 'attribute', name: 'seats', operator: 'gt', value: 'many' }], 'Seats must be a valid number'],
      [[{ kind: 'attribute', name: 'plan', operator: 'equals' }], 'Enter a value for Plan'],
      [[{ kind: 'nps', category: 'detractor', days: 0 }], 'Enter at least 1 day'],
      [[], 'Add at least one condition'],
    ] as const;
    for (const [conditions, message] of bad) {
      const response = await client.post('/api/contacts/segments', { name: 'Bad', filter: { conditions } });
      expect(response.statusCode, JSON.stringify(conditions)).toBe(400);
      expect([response.json().message, ...Object.values(response.json().details ?? {})]).toContain(message);
    }
    expect((await client.get('/api/contacts/segments')).json().segments).toEqual([]);
  });

  it("lets a viewer look at a segment's members (a GET), refusing a filter that is not JSON with 400", async () => {
    const { client, ids } = await world();
    const emailAddress = `viewer.${randomUUID()}@example.com`;
    const invitation = await client.post('/api/workspaces/invite', { emailAddress, role: 'viewer' });
    expect(invitation.statusCode, invitation.body).toBe(201);
    const { client: viewer } = await signUpClient(t.client(), {
      emailAddress,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    t.setNow(at(10));
    const pro = [{ kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' }];
    expect(await members(viewer, pro)).toEqual([ids.ada, ids.cy]);
    const notJson = await viewer.get('/api/contacts/segments/preview?filter=%7Bconditions');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain('filter is not valid JSON');
    const missing = await viewer.get('/api/contacts/segments/preview');
    expect(missing.statusCode).toBe(400);
    // Saving stays an editor's.
    const save = await viewer.post('/api/contacts/segments', { name: 'Pro', filter: { conditions: pro } });
    expect(save.statusCode).toBe(403);
  });

  it('saves, lists with member counts and deletes segments; another workspace gets 404', async () => {
    const { client } = await world();
    t.setNow(at(10));
    const created = await client.post('/api/contacts/segments', {
      name: 'Pro plan',
      filter: { conditions: [{ kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Pro plan', memberCount: 2 });
    const segmentId = created.json().segmentId;
    expect((await client.get('/api/contacts/segments')).json().segments).toHaveLength(1);

    const other = await signUpClient(t.client());
    expect((await other.client.delete(`/api/contacts/segments/${segmentId}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/contacts/segments')).json().segments).toEqual([]);

    const renamed = await client.put(`/api/contacts/segments/${segmentId}`, {
      name: 'Pro customers',
      filter: created.json().filter,
    });
    expect(renamed.json()).toMatchObject({ name: 'Pro customers', memberCount: 2 });
    expect((await client.delete(`/api/contacts/segments/${segmentId}`)).statusCode).toBe(204);
    expect((await client.get('/api/contacts/segments')).json().segments).toEqual([]);
  });

  it('sends to a segment: the dry run counts the fatigued members, the send skips them and fills properties from attributes', async () => {
    const { client, ids, versionId, templateId, planId } = await world();
    const segment = (
      await client.post('/api/contacts/segments', {
        name: 'Pro plan',
        filter: { conditions: [{ kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' }] },
      })
    ).json();
    t.setNow(at(10));
    const body = { surveyTemplateVersionId: versionId, segmentId: segment.segmentId };
    const preview = await client.post('/api/surveys/segment', { ...body, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      dryRun: true,
      rowCount: 2,
      validRowCount: 1,
      created: 0,
      failed: [
        {
          row: 1,
          errors: {
            fatigue: 'Surveyed on 06/01/2026: this workspace surveys a contact at most once every 30 days.',
          },
        },
      ],
    });
    const sent = await client.post('/api/surveys/segment', body);
    expect(sent.json()).toMatchObject({ created: 1 });
    const written = await t.ctx.db.select().from(surveys).where(eq(surveys.contactId, ids.cy));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ templateId, properties: { [planId]: 'Pro' } });

    const other = await signUpClient(t.client());
    const foreign = await other.client.post('/api/surveys/segment', body);
    expect(foreign.statusCode).toBe(404);
  });
});
