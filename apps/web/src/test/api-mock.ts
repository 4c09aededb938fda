import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { apiClient } from '@/lib/api-client';

export function apiError(status: number, data?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, statusText: '', headers: {}, config, data } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Handler = (body: unknown) => unknown;
export type ApiHandlers = Partial<Record<Method, Record<string, Handler>>>;
/** `params`: a GET's query parameters, as passed to axios. */
export type ApiCall = { method: Method; url: string; body: unknown; params?: unknown };

/** Answers the shared axios instance's calls from handlers keyed by method and path; a handler throws to fail. */
export function mockApi(handlers: ApiHandlers): ApiCall[] {
  const calls: ApiCall[] = [];
  for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
    vi.spyOn(apiClient, method).mockImplementation((async (url: string, bodyOrConfig?: unknown) => {
      const body = method === 'post' || method === 'patch' || method === 'put' ? bodyOrConfig : undefined;
      const params =
        method === 'get' ? (bodyOrConfig as { params?: unknown } | undefined)?.params : undefined;
      calls.push({ method, url, body, ...(params === undefined ? {} : { params }) });
      const handler = handlers[method]?.[url];
      if (!handler) {
        throw apiError(404, { error: 'NOT_FOUND', message: `No mock for ${method.toUpperCase()} ${url}` });
      }
      return { data: await handler(body), status: 200 };
    }) as never);
  }
  return calls;
}

export const signedOut = (): never => {
  throw apiError(401, { error: 'UNAUTHENTICATED', message: 'Sign in first' });
};
