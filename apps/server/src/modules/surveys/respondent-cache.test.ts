import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { notFoundMessage, row, secretCity, sentSurvey } from './test-respondent-fixtures.js';

// The respondent page's replies from memory (docs/decisions/048-respondent-cache.md): what a
// survey shows changes for every process that holds it, whoever made the change.

const onPostgres = Boolean(inject('postgresTemplate'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Polls until `check` holds (a notification crosses a connection), for at most five seconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function openSurvey() {
  const sent = await sentSurvey(t, { authentication: false, required: false });
  const respondent = t.client();
  const first = await respondent.get(sent.url);
  expect(first.statusCode, first.body).toBe(200);
  return { sent, respondent };
}

const answersOf = async (client: TestClient, url: string) => (await client.get(url)).json().surveyResponses;

describe('the respondent page from memory', () => {
  it('answers a repeated GET from memory: an answer written without an announcement shows once announced', async () => {
    const { sent, respondent } = await openSurvey();
    // A save that moves the revision announces itself after its commit; none is sent here.
    await t.ctx.database.executeSql(
      `update surveys set responses = jsonb_build_object($2::text, 7),
         respondent_revision = respondent_revision + 1 where id = $1`,
      [sent.surveyId, sent.questions.nps.id],
    );
    expect(await answersOf(respondent, sent.url)).toEqual({});
    await t.ctx.respondentCache.announceSave(sent.surveyId);
    expect(await answersOf(respondent, sent.url)).toEqual({ [sent.questions.nps.id]: 7 });
  });

  it('shows a save and a completion made through this server in the very next GET', async () => {
    const { sent, respondent } = await openSurvey();
    const saved = await respondent.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 9 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterSave = (await respondent.get(sent.url)).json();
    expect(afterSave.surveyState).toBe('IN_PROGRESS');
    expect(afterSave.surveyResponses).toEqual({ [sent.questions.nps.id]: 9 });
    const completed = await respondent.patch(`${sent.url}?markAsComplete=true`, { surveyResponses: {} });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await respondent.get(sent.url)).json().surveyState).toBe('COMPLETE');
  });

  it('shows the first opening at once and keeps serving the opened survey', async () => {
    const { sent, respondent } = await openSurvey();
    expect((await respondent.get(`${sent.url}?markAsOpened=true`)).json().surveyState).toBe('OPENED');
    expect((await respondent.get(sent.url)).json().surveyState).toBe('OPENED');
    expect((await row(t, sent.surveyId)).firstOpenedAt).not.toBeNull();
  });

  it("sees changes made outside the process: properties, the template name, a list, a workspace's deletion, the expiry", async () => {
    const { sent, respondent } = await openSurvey();
    const sql = (text: string, values: unknown[]) => t.ctx.database.executeSql(text, values);
    const body = async () => (await respondent.get(sent.url)).body;
    expect(await body()).toContain(secretCity);

    await sql(
      `update surveys set properties = jsonb_set(properties, array[$2::text], '"Bath"') where id = $1`,
      [sent.surveyId, sent.properties.city.id],
    );
    expect(await eventually(async () => (await body()).includes('from Bath'))).toBe(true);

    await sql("update templates set name = 'Renamed by psql' where id = $1", [
      sent.template.surveyTemplateId,
    ]);
    expect(await eventually(async () => (await body()).includes('Renamed by psql'))).toBe(true);

    await sql(
      `update list_items set properties = (select jsonb_object_agg(key, to_jsonb('Northern'::text)) from jsonb_each(properties))
         where id = $1`,
      [sent.itemIds[0]],
    );
    expect(await eventually(async () => (await body()).includes('Northern'))).toBe(true);

    // A workspace waiting to be deleted answers nobody (decision 044), and answers again once restored.
    const { workspaceId } = await row(t, sent.surveyId);
    await sql("update workspaces set deletion_due_at = now() + interval '7 days' where id = $1", [
      workspaceId,
    ]);
    expect(await eventually(async () => (await respondent.get(sent.url)).statusCode === 404)).toBe(true);
    await sql('update workspaces set deletion_due_at = null where id = $1', [workspaceId]);
    expect(await eventually(async () => (await respondent.get(sent.url)).statusCode === 200)).toBe(true);

    await sql("update surveys set expires_at = now() - interval '1 minute' where id = $1", [sent.surveyId]);
    expect(await eventually(async () => (await respondent.get(sent.url)).statusCode === 404)).toBe(true);
    expect((await respondent.get(sent.url)).json().message).toBe(notFoundMessage);
  });

  it('answers 404 once the clock passes the expiry, without a change in the database', async () => {
    const { sent, respondent } = await openSurvey();
    const { expiresAt } = await row(t, sent.surveyId);
    t.setNow(new Date(expiresAt.getTime() + 1000));
    try {
      expect((await respondent.get(sent.url)).statusCode).toBe(404);
    } finally {
      t.setNow(undefined);
    }
  });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ beside: t });
  });
  afterAll(() => other.close());

  it("each sees the other's save, completion and template change", async () => {
    const { sent } = await openSurvey();
    const elsewhere = other.client();
    const url = sent.url;
    // Warm in the other process too.
    expect(await answersOf(elsewhere, url)).toEqual({});

    const respondent = t.client();
    expect(
      (await respondent.patch(url, { surveyResponses: { [sent.questions.nps.id]: 4 } })).statusCode,
    ).toBe(200);
    expect(
      await eventually(async () => (await answersOf(elsewhere, url))?.[sent.questions.nps.id] === 4),
    ).toBe(true);

    // And back: a save through the other process reaches this one's memory.
    expect(await answersOf(respondent, url)).toEqual({ [sent.questions.nps.id]: 4 });
    expect(
      (await elsewhere.patch(url, { surveyResponses: { [sent.questions.nps.id]: 10 } })).statusCode,
    ).toBe(200);
    expect(
      await eventually(async () => (await answersOf(respondent, url))?.[sent.questions.nps.id] === 10),
    ).toBe(true);

    await t.ctx.database.executeSql("update templates set name = 'Autumn survey' where id = $1", [
      sent.template.surveyTemplateId,
    ]);
    expect(await eventually(async () => (await elsewhere.get(url)).body.includes('Autumn survey'))).toBe(
      true,
    );

    expect((await respondent.patch(`${url}?markAsComplete=true`, { surveyResponses: {} })).statusCode).toBe(
      200,
    );
    expect(await eventually(async () => (await elsewhere.get(url)).json().surveyState === 'COMPLETE')).toBe(
      true,
    );
  });

  it('answers 404 in the other process once its clock passes the expiry', async () => {
    const { sent } = await openSurvey();
    const elsewhere = other.client();
    expect((await elsewhere.get(sent.url)).statusCode).toBe(200);
    const { expiresAt } = await row(t, sent.surveyId);
    other.setNow(new Date(expiresAt.getTime() + 1000));
    try {
      expect((await elsewhere.get(sent.url)).statusCode).toBe(404);
    } finally {
      other.setNow(undefined);
    }
  });
});
