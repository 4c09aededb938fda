import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSurvey, saveResponses } from './api';
import { setEmbedTransport } from './embed-mode';
import { startLinkSurvey } from './link-api';
import { fakeApi, respondentSurvey, surveyId } from './testing/fake-api';

// Decision 024: an embedded page's calls carry the survey's token in X-Graphium-Embed, no cookie.

afterEach(() => {
  setEmbedTransport(false);
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const started = (token: string) => () => ({ status: 201, body: { surveyId, embedToken: token } });

describe('the embed transport', () => {
  it("starts with `new`, keeps the reply's token and sends it, without cookies, on the survey's calls", async () => {
    setEmbedTransport(true);
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    const calls = fakeApi({
      'POST /s/summer/surveys': started(`${surveyId}.sig`),
      [`GET /surveys/${surveyId}?markAsOpened=true`]: () => ({ body: respondentSurvey() }),
      [`PATCH /surveys/${surveyId}`]: () => ({
        body: { surveyId, surveyState: 'IN_PROGRESS', surveyResponses: {} },
      }),
    });
    expect(await startLinkSurvey('summer', { plan: 'basic' }, '')).toEqual({ surveyId });
    await getSurvey(surveyId, true);
    await saveResponses(surveyId, { a: 1 }, false);
    expect(calls.map((call) => call.headers['X-Graphium-Embed'])).toEqual([
      'new',
      `${surveyId}.sig`,
      `${surveyId}.sig`,
    ]);
    expect(calls.every((call) => call.headers['X-XSRF-TOKEN'] === undefined)).toBe(true);
    const inits = vi.mocked(fetch).mock.calls.map((call) => call[1] as RequestInit);
    expect(inits.map((init) => init.credentials)).toEqual(['omit', 'omit', 'omit']);
    expect(window.localStorage.getItem('graphium:embed:summer')).toBe(`${surveyId}.sig`);
  });

  it("sends the frame's kept token when the link starts again", async () => {
    window.localStorage.setItem('graphium:embed:summer', 'kept.token');
    setEmbedTransport(true);
    const calls = fakeApi({ 'POST /s/summer/surveys': started('kept.token') });
    await startLinkSurvey('summer', {}, '');
    expect(calls[0]?.headers['X-Graphium-Embed']).toBe('kept.token');
  });

  it('leaves a page outside a frame on cookies and the anti-forgery header', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    const calls = fakeApi({ 'POST /s/summer/surveys': () => ({ status: 201, body: { surveyId } }) });
    await startLinkSurvey('summer', {}, '');
    expect(calls[0]?.headers['X-Graphium-Embed']).toBeUndefined();
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe('cookie-token');
    const init = vi.mocked(fetch).mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.credentials).toBe('include');
    expect(window.localStorage.getItem('graphium:embed:summer')).toBeNull();
  });
});
