import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
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
  t = await createTestApp({ env: { PUBLIC_LINK_RATE_LIMIT: '5' } });
  setup = await linkSetup(t);
});
afterAll(() => t.close());

async function surveyCount(linkId: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(surveys)
    .where(eq(surveys.sourceLinkId, linkId));
  return row?.count ?? 0;
}

describe('starting a survey through a link', () => {
  it('creates a survey of the published version with its source, and a GET of the page creates nothing', async () => {
    const link = await createLink(setup);
    await visitor(t).get(`/s/${link.slug}`);
    expect(await surveyCount(link.publicLinkId)).toBe(0);
    const browser = visitor(t);
    const started = await start(browser, link.slug);
    expect(started.statusCode, started.body).toBe(201);
    const row = await surveyRow(t, started.json().surveyId);
    expect(row).toMatchObject({
      sourceLinkId: link.publicLinkId,
      state: 'SENT',
      contactMethods: [],
      nextReminderAt: null,
    });
    const page = await browser.get(`/api/surveys/${row!.id}?markAsOpened=true`);
    expect(page.statusCode).toBe(200);
    expect(page.json().requiresAuthentication).toBe(false);
  });

  it("continues the browser's unfinished survey on a reload instead of creating another", async () => {
    const link = await createLink(setup);
    const browser = visitor(t);
    const first = await start(browser, link.slug);
    const again = await start(browser, link.slug);
    expect(again.statusCode).toBe(200);
    expect(again.json().surveyId).toBe(first.json().surveyId);
    expect(await surveyCount(link.publicLinkId)).toBe(1);
    const counts = (await setup.owner.get(`/api/public-links/${link.publicLinkId}`)).json().counts;
    expect(counts).toEqual({ visits: 2, started: 0, completed: 0 });
  });

  it("gives concurrent visitors a survey each, all counted in the template's totals", async () => {
    const link = await createLink(setup);
    const totalSent = async () =>
      (await setup.owner.get(`/api/surveys?surveyTemplateId=${setup.templateId}&include=summary`)).json()
        .summary.totalSent as number;
    const before = await totalSent();
    const started = await Promise.all(Array.from({ length: 12 }, () => start(visitor(t), link.slug)));
    expect(started.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(started.map((response) => response.json().surveyId)).size).toBe(12);
    expect(await surveyCount(link.publicLinkId)).toBe(12);
    expect(await totalSent()).toBe(before + 12);
    const counts = (await setup.owner.get(`/api/public-links/${link.publicLinkId}`)).json().counts;
    expect(counts.visits).toBe(12);
  });

  it('answers 404 for an unknown address', async () => {
    for (const slug of ['no-such-link-here', 'A', '../etc']) {
      const response = await start(visitor(t), encodeURIComponent(slug));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Survey Not Found');
    }
  });
});

describe("a link's limits", () => {
  it('closes after its close date', async () => {
    const link = await createLink(setup, { closesAt: '2020-01-01T00:00:00.000Z' });
    const response = await start(visitor(t), link.slug);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This survey is closed.');
    expect(await surveyCount(link.publicLinkId)).toBe(0);
  });

  it('closes once it has its maximum of completed responses', async () => {
    const link = await createLink(setup, { maxCompletedResponses: 2 });
    await startAndComplete(visitor(t), setup, link.slug);
    const unfinished = await start(visitor(t), link.slug);
    expect(unfinished.statusCode).toBe(201);
    await startAndComplete(visitor(t), setup, link.slug);
    const third = await start(visitor(t), link.slug);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('This survey is closed.');
  });

  it('writes nothing for a start its maximum refuses, with or without an hourly cap', async () => {
    for (const fields of [{ maxCompletedResponses: 1 }, { maxCompletedResponses: 1, hourlyCap: 10 }]) {
      const link = await createLink(setup, fields);
      await startAndComplete(visitor(t), setup, link.slug);
      const refused = await Promise.all([start(visitor(t), link.slug), start(visitor(t), link.slug)]);
      expect(refused.map((response) => response.statusCode)).toEqual([409, 409]);
      expect(refused[0]?.json().message).toBe('This survey is closed.');
      expect(await surveyCount(link.publicLinkId)).toBe(1);
    }
  });

  it('counts each link against its own maximum when concurrent starts share one statement', async () => {
    const full = await createLink(setup, { maxCompletedResponses: 1 });
    const open = await createLink(setup, { maxCompletedResponses: 3 });
    await startAndComplete(visitor(t), setup, full.slug);
    await startAndComplete(visitor(t), setup, open.slug);
    const starts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => start(visitor(t), index % 2 === 0 ? full.slug : open.slug)),
    );
    expect(starts.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? 409 : 201)),
    );
  });

  it('takes one response per browser when asked, and several otherwise', async () => {
    const once = await createLink(setup, { onePerBrowser: true });
    const browser = visitor(t);
    await startAndComplete(browser, setup, once.slug);
    const second = await start(browser, once.slug);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already answered this survey. Thank you!');
    // Another browser may answer.
    expect((await start(visitor(t), once.slug)).statusCode).toBe(201);

    const many = await createLink(setup);
    const repeat = visitor(t);
    const first = await startAndComplete(repeat, setup, many.slug);
    const next = await start(repeat, many.slug);
    expect(next.statusCode).toBe(201);
    expect(next.json().surveyId).not.toBe(first);
  });

  it('takes one response per contact the link carries, from any browser', async () => {
    const link = await createLink(setup, { onePerContact: true });
    const surveyId = await startAndComplete(visitor(t), setup, link.slug, { email: 'Grace@Example.com' });
    expect((await surveyRow(t, surveyId))!.contactMethods).toEqual([
      { contactMethodType: 'email', emailAddress: 'grace@example.com' },
    ]);
    const again = await start(visitor(t), link.slug, { email: 'grace@example.com' });
    expect(again.statusCode).toBe(409);
    expect((await start(visitor(t), link.slug, { email: 'ada@example.com' })).statusCode).toBe(201);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
    const badEmail = await start(visitor(t), link.slug, { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
  });

  it('caps the surveys a link creates in an hour', async () => {
    const link = await createLink(setup, { hourlyCap: 2 });
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
    const third = await start(visitor(t), link.slug);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('This survey is very busy right now. Please try again later.');
    expect(third.headers['retry-after']).toBeDefined();
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
    } finally {
      t.setNow(undefined);
    }
  });

  it('refuses a filled honeypot field and creates nothing', async () => {
    const link = await createLink(setup);
    const response = await start(visitor(t), link.slug, {}, { website: 'https://spam.example' });
    expect(response.statusCode).toBe(400);
    expect(await surveyCount(link.publicLinkId)).toBe(0);
  });

  it('limits the surveys one address starts in a minute (PUBLIC_LINK_RATE_LIMIT)', async () => {
    const link = await createLink(setup);
    const address = t.client({ remoteAddress: '10.200.0.1' });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      address.cookies.clear();
      statuses.push((await start(address, link.slug)).statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(statuses[5]).toBe(429);
    // Another address is not slowed.
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
  });
});

describe('hidden fields', () => {
  it('fills hidden-field properties from the query, typed like sent values; other keys are ignored', async () => {
    const link = await createLink(setup);
    const response = await start(visitor(t), link.slug, {
      plan: 'pro',
      store_id: '12',
      joined: '2024-03-01',
      segment: 'not hidden',
      utm_source: 'poster',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await surveyRow(t, response.json().surveyId))!.properties).toEqual({
      [setup.ids.plan]: 'pro',
      [setup.ids.store]: 12,
      [setup.ids.joined]: '2024-03-01',
    });
  });

  it('refuses a value of the wrong type with a clear message', async () => {
    const link = await createLink(setup);
    const response = await start(visitor(t), link.slug, { store_id: 'twelve' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('store_id: Store ID must be a valid number');
    expect(await surveyCount(link.publicLinkId)).toBe(0);
  });

  it('refuses to fill an authentication property from a link', async () => {
    const link = await createLink(setup);
    const response = await start(visitor(t), link.slug, { code: 'secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('code: Code cannot be filled from a link');
  });

  it('refuses a template property that is both hidden and for authentication', async () => {
    const created = await setup.owner.post('/api/survey-templates/', {
      surveyTemplateName: 'Hidden auth',
      surveyTemplateDescription: '',
    });
    const versionId = created.json().surveyTemplateVersionId;
    const response = await setup.owner.patch(`/api/survey-templates/${versionId}`, {
      surveyTemplateDefinition: {
        properties: [
          {
            id: crypto.randomUUID(),
            type: 'Text',
            label: 'Code',
            hiddenField: true,
            validation: { required: false, authentication: true },
          },
        ],
        questions: [],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('An authentication property cannot be a hidden field');
  });
});
