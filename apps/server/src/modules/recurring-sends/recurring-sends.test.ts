import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';
import { nextRunAfter } from './recurring-schedule.js';
import { runDueRecurringSends } from './recurring-sends.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.setNow(undefined));

interface Setup {
  client: TestClient;
  templateId: string;
  segmentId: string;
}

/** A workspace with a published template, two Pro contacts and the segment "plan is Pro". */
async function setUp(options: { timeZone?: string } = {}): Promise<Setup> {
  const { client } = await signUpClient(t.client());
  if (options.timeZone) {
    const saved = await client.put('/api/workspace/notification-settings', { timeZone: options.timeZone });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await client.post('/api/contacts/attributes', { name: 'plan', displayName: 'Plan', type: 'STRING' });
  for (const name of ['ada', 'bob']) {
    const contact = await client.post('/api/contacts', {
      emailAddress: `${name}.${randomUUID()}@example.com`,
      attributes: { plan: 'Pro' },
    });
    expect(contact.statusCode).toBe(201);
  }
  const template = await publishTemplate(client, {
    questions: [{ id: randomUUID(), type: 'NetPromoterScore', question: 'Recommend us?', label: 'NPS' }],
  });
  const segment = await client.post('/api/contacts/segments', {
    name: 'Pro plan',
    filter: { conditions: [{ kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' }] },
  });
  expect(segment.statusCode, segment.body).toBe(201);
  return { client, templateId: template.surveyTemplateId, segmentId: segment.json().segmentId };
}

const sentCount = async (templateId: string) =>
  (await t.ctx.db.select().from(surveys).where(eq(surveys.templateId, templateId))).length;

async function runAt(iso: string) {
  t.setNow(new Date(iso));
  return runDueRecurringSends(t.ctx);
}

describe('recurring sends', () => {
  it('sends at the local time every week, includes new members, obeys the fatigue rule, pauses and resumes', async () => {
    t.setNow(new Date('2026-07-01T06:00:00Z'));
    const { client, templateId, segmentId } = await setUp();
    expect((await client.put('/api/workspace/contact-settings', { fatigueDays: 10 })).statusCode).toBe(200);
    const created = await client.post('/api/contacts/recurring-sends', {
      surveyTemplateId: templateId,
      segmentId,
      every: 1,
      period: 'weeks',
      sendTime: '09:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'active',
      nextRunAt: '2026-07-01T09:00:00.000Z',
      segmentName: 'Pro plan',
    });
    const id = created.json().recurringSendId;

    await runAt('2026-07-01T08:59:00Z');
    expect(await sentCount(templateId)).toBe(0);
    await runAt('2026-07-01T09:00:30Z');
    expect(await sentCount(templateId)).toBe(2);
    // The same minute again: the run was claimed once.
    await runAt('2026-07-01T09:00:45Z');
    expect(await sentCount(templateId)).toBe(2);
    let listed = (await client.get('/api/contacts/recurring-sends')).json().recurringSends[0];
    expect(listed).toMatchObject({
      nextRunAt: '2026-07-08T09:00:00.000Z',
      lastResult: { created: 2, skipped: 0 },
    });

    // A new member joins: the next run sends to them; the others are within the 10-day fatigue rule.
    await client.post('/api/contacts', {
      emailAddress: `cy.${randomUUID()}@example.com`,
      attributes: { plan: 'Pro' },
    });
    await runAt('2026-07-08T09:01:00Z');
    expect(await sentCount(templateId)).toBe(3);
    listed = (await client.get('/api/contacts/recurring-sends')).json().recurringSends[0];
    expect(listed.lastResult).toEqual({ created: 1, skipped: 2 });

    const paused = await client.patch(`/api/contacts/recurring-sends/${id}`, { status: 'paused' });
    expect(paused.json()).toMatchObject({ status: 'paused', nextRunAt: null });
    await runAt('2026-07-15T09:01:00Z');
    expect(await sentCount(templateId)).toBe(3);

    t.setNow(new Date('2026-07-16T06:00:00Z'));
    const resumed = await client.patch(`/api/contacts/recurring-sends/${id}`, { status: 'active' });
    expect(resumed.json()).toMatchObject({ status: 'active', nextRunAt: '2026-07-16T09:00:00.000Z' });
    // Ada and Bob were last surveyed 15 days before, Cy 8: only Ada and Bob get this run.
    await runAt('2026-07-16T09:00:10Z');
    expect(await sentCount(templateId)).toBe(5);
  });

  it("runs at the local time of the workspace's time zone, and after its quiet hours", async () => {
    t.setNow(new Date('2026-07-01T06:00:00Z'));
    const { client, templateId, segmentId } = await setUp({ timeZone: 'America/New_York' });
    const morning = await client.post('/api/contacts/recurring-sends', {
      surveyTemplateId: templateId,
      segmentId,
      every: 2,
      period: 'days',
      sendTime: '09:00',
    });
    // 09:00 in New York in July is 13:00 UTC.
    expect(morning.json().nextRunAt).toBe('2026-07-01T13:00:00.000Z');
    const late = await client.post('/api/contacts/recurring-sends', {
      surveyTemplateId: templateId,
      segmentId,
      every: 1,
      period: 'months',
      sendTime: '22:30',
    });
    // 22:30 is inside the default quiet hours (21:00-08:00): the run waits for 08:00 the next morning.
    expect(late.json().nextRunAt).toBe('2026-07-02T12:00:00.000Z');
  });

  it('steps months and weeks in local days and skips runs missed while nothing ran', () => {
    const clock = { timeZone: 'UTC', quietHours: { start: '21:00', end: '08:00' } };
    const monthly = { every: 1, period: 'months' as const, sendTime: '09:00' };
    const due = new Date('2026-01-31T09:00:00Z');
    expect(nextRunAfter(due, due, monthly, clock).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    const weekly = { every: 1, period: 'weeks' as const, sendTime: '09:00' };
    expect(nextRunAfter(due, new Date('2026-02-20T00:00:00Z'), weekly, clock).toISOString()).toBe(
      '2026-02-21T09:00:00.000Z',
    );
  });

  it('changes the segment and the cadence: the next run follows the new time, a paused one stays paused', async () => {
    t.setNow(new Date('2026-07-01T06:00:00Z'));
    const { client, templateId, segmentId } = await setUp();
    const other = await client.post('/api/contacts/segments', {
      name: 'Anyone with a plan',
      filter: { conditions: [{ kind: 'attribute', name: 'plan', operator: 'is_set' }] },
    });
    expect(other.statusCode, other.body).toBe(201);
    const created = await client.post('/api/contacts/recurring-sends', {
      surveyTemplateId: templateId,
      segmentId,
      every: 1,
      period: 'weeks',
      sendTime: '09:00',
    });
    const id = created.json().recurringSendId;
    const changed = await client.patch(`/api/contacts/recurring-sends/${id}`, {
      segmentId: other.json().segmentId,
      every: 2,
      period: 'days',
      sendTime: '14:30',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      segmentId: other.json().segmentId,
      segmentName: 'Anyone with a plan',
      every: 2,
      period: 'days',
      sendTime: '14:30',
      status: 'active',
      nextRunAt: '2026-07-01T14:30:00.000Z',
    });
    await runAt('2026-07-01T09:00:30Z');
    expect(await sentCount(templateId)).toBe(0);
    await runAt('2026-07-01T14:30:30Z');
    expect(await sentCount(templateId)).toBe(2);

    expect((await client.patch(`/api/contacts/recurring-sends/${id}`, { status: 'paused' })).statusCode).toBe(
      200,
    );
    const whilePaused = await client.patch(`/api/contacts/recurring-sends/${id}`, { sendTime: '10:00' });
    expect(whilePaused.json()).toMatchObject({ status: 'paused', nextRunAt: null, sendTime: '10:00' });
    const changes = await t.ctx.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'recurring-send.changed')));
    expect(changes.map((row) => row.details.after)).toEqual([
      { segmentId: other.json().segmentId, every: 2, period: 'days', sendTime: '14:30' },
      { segmentId: other.json().segmentId, every: 2, period: 'days', sendTime: '10:00' },
    ]);
  });

  it('refuses bad input and answers 404 for another workspace', async () => {
    const { client, templateId, segmentId } = await setUp();
    const bad = [
      [{ surveyTemplateId: templateId, segmentId, every: 0, period: 'days' }, 'Enter at least 1'],
      [{ surveyTemplateId: templateId, segmentId, every: 1, period: 'years' }, 'period'],
      [
        { surveyTemplateId: templateId, segmentId, every: 1, period: 'days', sendTime: '25:00' },
        'Enter a time as HH:MM',
      ],
      [
        { surveyTemplateId: randomUUID(), segmentId, every: 1, period: 'days' },
        'Choose a survey template of this workspace',
      ],
      [
        { surveyTemplateId: templateId, segmentId: randomUUID(), every: 1, period: 'days' },
        'Choose a segment of this workspace',
      ],
    ] as const;
    for (const [body, message] of bad) {
      const response = await client.post('/api/contacts/recurring-sends', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const details = response.json().details ?? {};
      // The message, or the field the problem is on.
      expect([response.json().message, ...Object.keys(details), ...Object.values(details)]).toContain(
        message,
      );
    }
    expect((await client.get('/api/contacts/recurring-sends')).json().recurringSends).toEqual([]);

    const created = await client.post('/api/contacts/recurring-sends', {
      surveyTemplateId: templateId,
      segmentId,
      every: 1,
      period: 'days',
    });
    const id = created.json().recurringSendId;
    const other = await signUpClient(t.client());
    expect(
      (await other.client.patch(`/api/contacts/recurring-sends/${id}`, { status: 'paused' })).statusCode,
    ).toBe(404);
    expect((await other.client.patch(`/api/contacts/recurring-sends/${id}`, { every: 3 })).statusCode).toBe(
      404,
    );
    expect((await other.client.delete(`/api/contacts/recurring-sends/${id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/contacts/recurring-sends/${id}`)).statusCode).toBe(204);
  });
});
