import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-mock';
import { apiClient, getErrorMessage } from './api-client';

function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${cookie}; path=/`;
}

/** Sends a request through the real interceptors and returns the config the adapter received. */
async function captureRequest(config: Parameters<typeof apiClient.request>[0]) {
  let captured: InternalAxiosRequestConfig | undefined;
  await apiClient.request({
    ...config,
    adapter: async (adapterConfig) => {
      captured = adapterConfig;
      return { data: null, status: 200, statusText: 'OK', headers: {}, config: adapterConfig };
    },
  });
  if (!captured) throw new Error('The request never reached the adapter');
  return captured;
}

describe('apiClient', () => {
  it('uses the /api base, cookies, a 10 second timeout and the anti-forgery cookie', () => {
    expect(apiClient.defaults.baseURL).toBe('/api');
    expect(apiClient.defaults.withCredentials).toBe(true);
    expect(apiClient.defaults.timeout).toBe(10_000);
    expect(apiClient.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(apiClient.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('echoes the workspace, customer and account cookies as headers', async () => {
    setCookie('x-workspace-id=w-1');
    setCookie('x-customer-id=c-1');
    setCookie('x-account-id=a-1');

    const config = await captureRequest({ url: '/workspaces/users' });

    expect(config.headers.get('x-workspace-id')).toBe('w-1');
    expect(config.headers.get('x-customer-id')).toBe('c-1');
    expect(config.headers.get('x-account-id')).toBe('a-1');
  });

  it('leaves the context headers out when the cookies are absent', async () => {
    const config = await captureRequest({ url: '/health' });
    expect(config.headers.has('x-workspace-id')).toBe(false);
  });

  it('sends JSON, but lets the browser choose the multipart content type of a form', async () => {
    setCookie('XSRF-TOKEN=token');
    const json = await captureRequest({ url: '/lists/', method: 'post', data: { listName: 'Stores' } });
    expect(json.headers.getContentType()).toBe('application/json');

    const form = new FormData();
    form.append('logo', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    const multipart = await captureRequest({ url: '/customers/logo/upload', method: 'post', data: form });
    // Under a JSON type axios would flatten the form into JSON; the browser adapter drops the rest.
    expect(String(multipart.headers.getContentType() ?? '')).not.toContain('json');
    expect(multipart.data).toBeInstanceOf(FormData);
  });
});

describe('getErrorMessage', () => {
  it("prefers the body's message, then its error code, then the fallback", () => {
    expect(
      getErrorMessage(apiError(409, { error: 'CONFLICT', message: 'Already a member' }), 'Fallback'),
    ).toBe('Already a member');
    expect(getErrorMessage(apiError(409, { error: 'CONFLICT' }), 'Fallback')).toBe('CONFLICT');
    expect(getErrorMessage(apiError(500, 'Bad gateway'), 'Failed to save.')).toBe('Failed to save.');
  });

  it("uses the error's own message, else a generic text", () => {
    expect(getErrorMessage(new AxiosError('Network Error'))).toBe('Network Error');
    expect(getErrorMessage('something odd')).toBe('An unexpected error occurred');
  });
});
