import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.js';

export type Json = Record<string, unknown>;

/** The anti-forgery header the web app sends, read from the context's cookie. */
export async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return { 'X-XSRF-TOKEN': token ?? '' };
}

/** Calls the API with the context's session and the anti-forgery header; a failure names the call. */
export async function callApi(
  request: APIRequestContext,
  method: 'get' | 'post' | 'patch',
  url: string,
  data?: object,
): Promise<Json> {
  const response = await request[method](url, {
    ...(data ? { data } : {}),
    headers: await xsrfHeaders(request),
  });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as Json;
}
