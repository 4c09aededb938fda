import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authenticateSurvey, getSurvey, saveResponses, timeoutMessage } from './api';
import { fakeApi, respondentSurvey, surveyId } from './testing/fake-api';

afterEach(() => {
  vi.useRealTimers();
});

describe('respondent API calls', () => {
  it('loads the survey with markAsOpened and without an anti-forgery header', async () => {
    const calls = fakeApi({
      [`GET /surveys/${surveyId}?markAsOpened=true`]: () => ({ body: respondentSurvey() }),
    });
    const reply = await getSurvey(surveyId, true);
    expect(reply.surveyTemplate.surveyTemplateName).toBe('After your visit');
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header of a mutation', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'XSRF-TOKEN=token%2B1; path=/';
    const calls = fakeApi({
      [`PATCH /surveys/${surveyId}?markAsComplete=true`]: () => ({
        body: { surveyId, surveyState: 'COMPLETE', surveyResponses: { a: 1 } },
      }),
    });
    const saved = await saveResponses(surveyId, { a: 1 }, true);
    expect(saved.surveyState).toBe('COMPLETE');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe('token+1');
    expect(calls[0]?.body).toEqual({ surveyResponses: { a: 1 } });
  });

  it('fetches the anti-forgery cookie first when it is missing', async () => {
    const calls = fakeApi({
      'GET /health': () => {
        // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return { body: { status: 'ok' } };
      },
      [`POST /surveys/${surveyId}/authenticate`]: () => ({ body: { success: true, message: 'ok' } }),
    });
    await authenticateSurvey(surveyId, { p: 'x' });
    expect(calls.map((call) => call.path)).toEqual(['/health', `/surveys/${surveyId}/authenticate`]);
    expect(calls[1]?.headers['X-XSRF-TOKEN']).toBe('fresh');
  });

  it("turns an error reply into an ApiError with the server's message and status", async () => {
    fakeApi({
      [`GET /surveys/${surveyId}`]: () => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Gone' } }),
    });
    const error = await getSurvey(surveyId, false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Gone', isServerMessage: true });
  });

  it('gives up after 10 seconds with a message about the connection', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = getSurvey(surveyId, false).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(vi.mocked(fetch).mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: undefined, message: timeoutMessage, isServerMessage: false });
  });
});
