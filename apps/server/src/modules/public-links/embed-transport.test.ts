import { embedTokenHeaderName, embedTokenNone } from '@graphium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLink, type LinkSetup, linkSetup, surveyRow } from './test-public-links-fixtures.js';

// Decision 024, cross-site embeds: an embedded page takes no cookie (the browser withholds
// SameSite=Lax ones in another site's frame); its survey's token travels in `X-Graphium-Embed`.

let t: TestApp;
let setup: LinkSetup;
let addressSequence = 0;
beforeAll(async () => {
  t = await createTestApp();
  setup = await linkSetup(t);
});
afterAll(() => t.close());

/** A call of an embedded frame: no cookie, no anti-forgery header, only the embed header. */
function framed(method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, body?: object) {
  addressSequence += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.8.0.${addressSequence % 250}`,
    headers: token === undefined ? {} : { [embedTokenHeaderName]: token },
    ...(body ? { payload: body } : {}),
  });
}

async function embeddedStart(slug: string, token = embedTokenNone) {
  const response = await framed('POST', `/api/s/${slug}/surveys`, token, { parameters: { plan: 'basic' } });
  return response;
}

describe('the embed transport', () => {
  it('starts, reads and completes a survey with the token alone, and sets no link cookie', async () => {
    const link = await createLink(setup);
    const started = await embeddedStart(link.slug);
    expect(started.statusCode, started.body).toBe(201);
    const { surveyId, embedToken } = started.json() as { surveyId: string; embedToken: string };
    expect(embedToken).toMatch(new RegExp(`^${surveyId}\\.`));
    expect(started.cookies.map((cookie) => cookie.name)).not.toContain(
      `graphium_link_${link.publicLinkId.replaceAll('-', '')}`,
    );
    const page = await framed('GET', `/api/surveys/${surveyId}?markAsOpened=true`, embedToken);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ surveyId, requiresAuthentication: false });
    const saved = await framed('PATCH', `/api/surveys/${surveyId}?markAsComplete=true`, embedToken, {
      surveyResponses: { [setup.ids.nps]: 9 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await surveyRow(t, surveyId)).toMatchObject({
      state: 'COMPLETE',
      sourceLinkId: link.publicLinkId,
      properties: { [setup.ids.plan]: 'basic' },
    });
  });

  it("continues the frame's unfinished survey with its token, and one per browser refuses a second", async () => {
    const link = await createLink(setup, { onePerBrowser: true });
    const first = (await embeddedStart(link.slug)).json() as { surveyId: string; embedToken: string };
    const again = await embeddedStart(link.slug, first.embedToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().surveyId).toBe(first.surveyId);
    await framed('PATCH', `/api/surveys/${first.surveyId}?markAsComplete=true`, first.embedToken, {
      surveyResponses: { [setup.ids.nps]: 7 },
    });
    const third = await embeddedStart(link.slug, first.embedToken);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You have already answered this survey. Thank you!');
    // A frame without the token (cleared storage) is a new browser, as without the cookie.
    expect((await embeddedStart(link.slug)).statusCode).toBe(201);
  });

  it("refuses a save without the token, with `new`, with another survey's token or a forged one", async () => {
    const link = await createLink(setup);
    const mine = (await embeddedStart(link.slug)).json() as { surveyId: string; embedToken: string };
    const other = (await embeddedStart(link.slug)).json() as { surveyId: string; embedToken: string };
    const forged = `${mine.surveyId}.${'A'.repeat(32)}`;
    const body = { surveyResponses: { [setup.ids.nps]: 3 } };
    for (const token of [undefined, embedTokenNone, other.embedToken, forged, mine.surveyId]) {
      const response = await framed('PATCH', `/api/surveys/${mine.surveyId}`, token, body);
      expect(response.statusCode, String(token)).toBe(403);
      expect(response.json().message).toBe(
        'Missing or invalid anti-forgery token. Reload the page and try again.',
      );
    }
    expect((await framed('GET', `/api/surveys/${mine.surveyId}`, other.embedToken)).statusCode).toBe(403);
    expect(await surveyRow(t, mine.surveyId)).toMatchObject({ state: 'SENT' });
    // A token from another link's start opens nothing of this one: the start ignores it.
    const elsewhere = await createLink(setup);
    const fresh = await embeddedStart(elsewhere.slug, mine.embedToken);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().surveyId).not.toBe(mine.surveyId);
  });

  it('leaves staff routes and the cookie flow as they were', async () => {
    const link = await createLink(setup);
    const token = ((await embeddedStart(link.slug)).json() as { embedToken: string }).embedToken;
    // A staff write with the embed header and without the anti-forgery header is still refused.
    const staffWrite = await setup.owner.post(
      '/api/public-links',
      { surveyTemplateId: setup.templateId, name: 'Forged', slug: `forged-${Date.now().toString(36)}` },
      { withoutXsrf: true, headers: { [embedTokenHeaderName]: token } },
    );
    expect(staffWrite.statusCode).toBe(403);
    const staffEdit = await setup.owner.put(
      `/api/public-links/${link.publicLinkId}`,
      { name: 'Renamed' },
      { withoutXsrf: true, headers: { [embedTokenHeaderName]: embedTokenNone } },
    );
    expect(staffEdit.statusCode).toBe(403);
    // An embedded GET reads no staff session: the owner's own browser gets the respondent page.
    const surveyId = token.slice(0, token.lastIndexOf('.'));
    const asWorkspace = { 'x-workspace-id': setup.owner.cookies.get('x-workspace-id')! };
    const asStaff = await setup.owner.get(`/api/surveys/${surveyId}`, { headers: asWorkspace });
    expect(asStaff.statusCode, asStaff.body).toBe(200);
    expect(asStaff.json().requiresAuthentication).toBeUndefined();
    const inFrame = await setup.owner.get(`/api/surveys/${surveyId}`, {
      headers: { ...asWorkspace, [embedTokenHeaderName]: token },
    });
    expect(inFrame.statusCode, inFrame.body).toBe(200);
    expect(inFrame.json().requiresAuthentication).toBe(false);
    // A page outside a frame still starts with the cookie and anti-forgery, and gets no token.
    const browser = t.client({ remoteAddress: '10.8.1.1' });
    const started = await browser.post(`/api/s/${link.slug}/surveys`, { parameters: {} });
    expect(started.statusCode).toBe(201);
    expect(started.json().embedToken).toBeUndefined();
    expect([...browser.cookies.keys()].some((name) => name.startsWith('graphium_link_'))).toBe(true);
    const forged = await t
      .client({ remoteAddress: '10.8.1.2' })
      .post(`/api/s/${link.slug}/surveys`, { parameters: {} }, { withoutXsrf: true });
    expect(forged.statusCode).toBe(403);
  });
});
