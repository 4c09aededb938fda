import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { purgeUnansweredLinkSurveys } from '../surveys/link-surveys.service.js';
import {
  createLink,
  type LinkSetup,
  linkSetup,
  start,
  startAndComplete,
  surveyRow,
  visitor,
} from './test-public-links-fixtures.js';

let t: TestApp;
let setup: LinkSetup;
beforeAll(async () => {
  t = await createTestApp();
  setup = await linkSetup(t);
});
afterAll(() => t.close());

function listResponses(filters?: object) {
  const query = new URLSearchParams({ surveyTemplateId: setup.templateId, include: 'surveys', limit: '100' });
  if (filters) query.set('filters', JSON.stringify(filters));
  return setup.owner.get(`/api/surveys?${query}`);
}

describe('responses from links', () => {
  it('show their source beside sent ones and filter by it', async () => {
    const link = await createLink(setup, { name: 'Poster' });
    const fromLink = await startAndComplete(visitor(t), setup, link.slug);
    const sent = await setup.owner.post('/api/surveys/', {
      surveyTemplateVersionId: (await surveyRow(t, fromLink))!.templateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'sent@example.com' }],
      surveyProperties: {},
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const all = (await listResponses()).json().surveys as { surveyId: string; source: unknown }[];
    expect(all.find((row) => row.surveyId === fromLink)?.source).toEqual({
      publicLinkId: link.publicLinkId,
      name: 'Poster',
    });
    expect(all.find((row) => row.surveyId === sent.json().surveyId)?.source).toBeNull();

    const byLink = await listResponses({
      filters: [{ field: 'source', operator: 'is', value: link.publicLinkId }],
    });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json().surveys.map((row: { surveyId: string }) => row.surveyId)).toEqual([fromLink]);
    const bySent = await listResponses({ filters: [{ field: 'source', operator: 'is', value: 'SENT' }] });
    expect(bySent.json().surveys.map((row: { surveyId: string }) => row.surveyId)).toEqual([
      sent.json().surveyId,
    ]);
    const notSent = await listResponses({
      filters: [{ field: 'source', operator: 'is_not', value: 'SENT' }],
    });
    expect(notSent.json().surveys.map((row: { surveyId: string }) => row.surveyId)).toEqual([fromLink]);
    const bad = await listResponses({ filters: [{ field: 'source', operator: 'contains', value: 'x' }] });
    expect(bad.statusCode).toBe(400);

    const counts = (await setup.owner.get(`/api/public-links/${link.publicLinkId}`)).json().counts;
    expect(counts).toEqual({ visits: 1, started: 1, completed: 1 });

    const exported = await setup.owner.get(
      `/api/surveys/export?surveyTemplateId=${setup.templateId}&format=csv`,
    );
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toContain('Status,Source,Composite Score');
    expect(lines.filter((line: string) => line.includes(',Completed,Poster,'))).toHaveLength(1);
  });
});

describe('the clean-up of unanswered link surveys', () => {
  it('deletes surveys a link created more than a day ago that nobody answered, and keeps the rest', async () => {
    const link = await createLink(setup);
    const opened = visitor(t);
    const untouched = (await start(visitor(t), link.slug)).json().surveyId;
    const openedId = (await start(opened, link.slug)).json().surveyId;
    await opened.get(`/api/surveys/${openedId}?markAsOpened=true`);
    const answering = visitor(t);
    const answeredId = (await start(answering, link.slug)).json().surveyId;
    await answering.patch(`/api/surveys/${answeredId}`, { surveyResponses: { [setup.ids.nps]: 7 } });
    const totalSent = async () =>
      (await setup.owner.get(`/api/surveys?surveyTemplateId=${setup.templateId}&include=summary`)).json()
        .summary.totalSent as number;
    const before = await totalSent();

    expect(await purgeUnansweredLinkSurveys(t.ctx)).toBe(0);
    t.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      expect(await purgeUnansweredLinkSurveys(t.ctx)).toBe(2);
    } finally {
      t.setNow(undefined);
    }
    expect(await surveyRow(t, untouched)).toBeUndefined();
    expect(await surveyRow(t, openedId)).toBeUndefined();
    expect((await surveyRow(t, answeredId))?.state).toBe('IN_PROGRESS');
    // The template's totals no longer count them.
    expect(await totalSent()).toBe(before - 2);
  });
});
