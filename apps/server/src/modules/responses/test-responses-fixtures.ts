import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';

// What the responses tests share: sending and answering surveys, filters as the query string
// carries them, and one template with five surveys in every state ("Visit survey").

export const day = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 12));

export async function send(
  client: TestClient,
  versionId: string,
  contacts: { email?: string; phone?: string },
  properties: Record<string, string> = {},
): Promise<string> {
  const surveyContactMethods = [
    ...(contacts.email ? [{ contactMethodType: 'email', emailAddress: contacts.email }] : []),
    ...(contacts.phone ? [{ contactMethodType: 'phone', phoneNumber: contacts.phone }] : []),
  ];
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods,
    surveyProperties: properties,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().surveyId;
}

export async function answer(
  t: TestApp,
  surveyId: string,
  surveyResponses: Record<string, unknown>,
  complete = true,
) {
  const response = await t
    .client()
    .patch(`/api/surveys/${surveyId}${complete ? '?markAsComplete=true' : ''}`, { surveyResponses });
  expect(response.statusCode, response.body).toBe(200);
}

export const filterParam = (...filters: { field: string; operator: string; value: string | number }[]) =>
  encodeURIComponent(JSON.stringify({ logic: 'AND', filters }));

/**
 * "Visit survey": every kind of question (NPS and stars in the composite, weights 2 and 1), a
 * visible and a hidden property, and five surveys sent a day apart: Ada and Bob completed, Cy in
 * progress, Dee opened, Eve only sent. The clock is left at day 5.
 */
export async function seedVisitSurveys(t: TestApp) {
  const ids: Record<string, string> = {};
  const visible = { id: randomUUID(), type: 'Text', label: 'Store code' };
  const hidden = {
    id: randomUUID(),
    type: 'Text',
    label: 'Internal note',
    visibleInReportsAndFiltering: false,
  };
  const owner = (await signUpClient(t.client())).client;
  const q = everyQuestion();
  q.nps = { ...q.nps, compositeScore: { enabled: true, value: 2 } } as typeof q.nps;
  q.stars = { ...q.stars, compositeScore: { enabled: true, value: 1 } } as typeof q.stars;
  q.numeric = { ...q.numeric, compositeScore: { enabled: false, value: 0 } } as typeof q.numeric;
  const template = await publishTemplate(
    owner,
    { properties: [visible, hidden], questions: Object.values(q) },
    { name: 'Visit survey' },
  );
  const templateId = template.surveyTemplateId;
  const versionId = template.surveyTemplateVersionId;
  const props = { [visible.id]: '=HYPERLINK("x")', [hidden.id]: 'secret' };
  t.setNow(day(0));
  ids.ada = await send(owner, versionId, { email: 'ada@example.com', phone: '(555) 123-4567' }, props);
  t.setNow(day(1));
  ids.bob = await send(owner, versionId, { email: 'bob@shop.test' });
  t.setNow(day(2));
  ids.cy = await send(owner, versionId, { phone: '5559876543' });
  t.setNow(day(3));
  ids.dee = await send(owner, versionId, { email: 'dee@example.com' });
  t.setNow(day(4));
  ids.eve = await send(owner, versionId, { email: 'eve@example.com' });
  t.setNow(day(5));
  await answer(t, ids.ada!, {
    [q.nps.id]: 10,
    [q.stars.id]: 5,
    [q.numeric.id]: 7,
    [q.choice.id]: ['Tyres', 'Other: Brakes'],
    [q.dropdown.id]: 'North',
    [q.short.id]: 'Ada',
    [q.long.id]: '=cmd|calc',
  });
  await answer(t, ids.bob!, {
    [q.nps.id]: 6,
    [q.stars.id]: 1,
    [q.numeric.id]: 1,
    [q.choice.id]: ['Oil'],
    [q.dropdown.id]: 'South',
    [q.short.id]: 'Bob',
  });
  await answer(t, ids.cy!, { [q.nps.id]: 9 }, false);
  expect((await t.client().get(`/api/surveys/${ids.dee}?markAsOpened=true`)).statusCode).toBe(200);

  const list = (query = '') => owner.get(`/api/surveys?surveyTemplateId=${templateId}${query}`);
  const surveyIdsOf = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json().surveys as { surveyId: string }[]).map((survey) => survey.surveyId);
    // The total (from the aggregates for one question filter, else counted) matches the rows.
    expect(response.json().pagination.total, query).toBe(found.length);
    const counted = await list(`${query}&include=surveys`);
    expect(counted.json().pagination.total, query).toBe(found.length);
    return found;
  };
  return { owner, templateId, q, ids, visible, list, surveyIdsOf };
}

export type VisitSurveys = Awaited<ReturnType<typeof seedVisitSurveys>>;
