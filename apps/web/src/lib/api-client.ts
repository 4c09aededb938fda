import { apiTimeoutMs, contextCookieNames, xsrfCookieName, xsrfHeaderName } from '@graphium/shared';
import axios, { isAxiosError } from 'axios';
import { readCookie } from './cookies';

export const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? '/api';

export const apiClient = axios.create({
  baseURL: apiBaseUrl,
  withCredentials: true,
  timeout: apiTimeoutMs,
  xsrfCookieName,
  xsrfHeaderName,
  withXSRFToken: true,
  headers: { 'Content-Type': 'application/json' },
});

const mutatingMethods = new Set(['post', 'put', 'patch', 'delete']);

apiClient.interceptors.request.use(async (config) => {
  // Axios would serialise FormData as JSON under a JSON content type; the browser sets the
  // multipart boundary itself (docs/architecture.md).
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
    config.headers.delete('Content-Type');
  }
  for (const name of contextCookieNames) {
    const value = readCookie(name);
    if (value) config.headers.set(name, value);
  }
  // The server answers a mutation without the anti-forgery header with 403; any response sets
  // the cookie, so a first mutation on a fresh visit fetches it before going out.
  if (mutatingMethods.has((config.method ?? 'get').toLowerCase()) && !readCookie(xsrfCookieName)) {
    await apiClient.get('/health').catch(() => undefined);
    const token = readCookie(xsrfCookieName);
    if (token) config.headers.set(xsrfHeaderName, token);
  }
  return config;
});

const unexpectedErrorMessage = 'An unexpected error occurred';

export function getErrorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

type ErrorBodyFields = { error?: unknown; message?: unknown; details?: unknown };

function readErrorBody(error: unknown): ErrorBodyFields | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  return typeof data === 'object' && data !== null ? (data as ErrorBodyFields) : undefined;
}

/**
 * docs/product-rules.md#texts-dates-and-errors: the body's message, else its error code, else the caller's
 * text, else the error's own.
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  const body = readErrorBody(error);
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (typeof body?.error === 'string' && body.error) return body.error;
  if (fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return unexpectedErrorMessage;
}

/** Whether the server explained the failure itself (a message in the error body). */
export function hasServerMessage(error: unknown): boolean {
  const body = readErrorBody(error);
  return typeof body?.message === 'string' && body.message.length > 0;
}

/** Field messages of a 400 answer, keyed by field path. */
export function getErrorDetails(error: unknown): Record<string, string> {
  const details = readErrorBody(error)?.details;
  if (typeof details !== 'object' || details === null) return {};
  return Object.fromEntries(
    Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
