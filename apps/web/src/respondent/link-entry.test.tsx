import { configure, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEmbedTransport, startEmbedMode } from './embed-mode';
import { LinkEntry, linkParameters } from './link-entry';
import { fakeApi, respondentSurvey, surveyId } from './testing/fake-api';
import { load } from './testing/respondent-page';

configure({ asyncUtilTimeout: 5000 });

const startCall = 'POST /s/summer-offer/surveys';

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  setEmbedTransport(false); // startEmbedMode turns it on; other files share the module (isolate: false)
});

describe("a public link's page", () => {
  it('starts a survey with the query (less embed) and an empty honeypot, then shows it', async () => {
    const calls = fakeApi({
      [startCall]: () => ({ status: 201, body: { surveyId } }),
      [load]: () => ({ body: respondentSurvey() }),
    });
    render(<LinkEntry slug="summer-offer" search="?plan=pro&store_id=12&embed=inline" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading survey...');
    expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/s/summer-offer/surveys',
      body: { parameters: { plan: 'pro', store_id: '12' }, website: '' },
    });
  });

  it('says why a closed or answered link shows no survey, without offering to retry', async () => {
    fakeApi({
      [startCall]: () => ({ status: 409, body: { error: 'CONFLICT', message: 'This survey is closed.' } }),
    });
    render(<LinkEntry slug="summer-offer" search="" />);
    expect(await screen.findByRole('heading', { name: 'Survey Unavailable' })).toBeVisible();
    expect(screen.getByText('This survey is closed.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('offers to try again when the link is busy, and shows Survey Not Found for an unknown link', async () => {
    let busy = true;
    fakeApi({
      [startCall]: () =>
        busy
          ? {
              status: 429,
              body: {
                error: 'RATE_LIMITED',
                message: 'This survey is very busy right now. Please try again later.',
              },
            }
          : { status: 404, body: { error: 'NOT_FOUND', message: 'Survey Not Found' } },
    });
    render(<LinkEntry slug="summer-offer" search="" />);
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    busy = false;
    retry.click();
    expect(await screen.findByRole('heading', { name: 'Survey Not Found' })).toBeVisible();
  });

  it('keeps the honeypot out of reach of people: hidden from assistive technology and the tab order', () => {
    fakeApi({ [startCall]: () => new Promise<never>(() => {}) });
    render(<LinkEntry slug="summer-offer" search="" />);
    const field = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(field.tabIndex).toBe(-1);
    expect(field.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('reads repeated query keys once', () => {
    expect(linkParameters('?plan=pro&plan=basic&embed=popup&email=a%40b.co')).toEqual({
      plan: 'pro',
      email: 'a@b.co',
    });
  });
});

describe('embed mode', () => {
  it("posts the page's height to the parent only inside an embed frame", () => {
    const root = document.createElement('div');
    expect(startEmbedMode('?embed=inline', root)).toBe(false); // jsdom's window has no parent frame
    const postMessage = vi.fn();
    const observe = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = observe;
      },
    );
    const parent = { postMessage } as unknown as Window;
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    vi.spyOn(root, 'getBoundingClientRect').mockReturnValue({ height: 612.4 } as DOMRect);
    expect(startEmbedMode('?plan=pro', root)).toBe(false);
    expect(startEmbedMode('?embed=inline', root)).toBe(true);
    expect(observe).toHaveBeenCalledWith(root);
    expect(postMessage).toHaveBeenCalledWith({ type: 'graphium:height', height: 613 }, '*');
    expect(document.documentElement.dataset.embed).toBe('true');
    delete document.documentElement.dataset.embed;
  });
});
