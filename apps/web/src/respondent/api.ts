import type {
  AuthenticateSurveyResult,
  RespondentSurveyReply,
  SavedSurveyResponses,
  SurveyAnswer,
} from '@graphium/shared';
import { apiTimeoutMs, embedTokenHeaderName, xsrfCookieName, xsrfHeaderName } from '@graphium/shared/http';
import type { SurveyLanguage } from '@graphium/shared/translations';
import { embedTokenOf } from './embed-mode';

// The respondent page's three calls (docs/product-rules.md#the-respondent-page) on plain fetch with the
// spec's 10 s timeout and
// anti-forgery header: the staff app's axios client is staff code this bundle must not carry
// (decision 005).

const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? '/api';

export const timeoutMessage = 'The server took too long to answer. Check your connection and try again.';
const networkMessage = "We couldn't reach the server. Check your connection and try again.";

/** A failed call: the HTTP status (none when the server was not reached) and its body's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /**
     * Whether the message is the server's own (docs/product-rules.md#texts-dates-and-errors), not a network
     * message.
     */
    readonly isServerMessage: boolean,
    readonly body: Record<string, unknown> = {},
    /** The server was not reached: the page words these in the respondent's language. */
    readonly failure?: 'timeout' | 'network',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/**
 * `embedToken`: an embedded page's call (decision 024), which sends the token in its header and
 * no cookie; undefined for every other call, which goes with cookies and the anti-forgery header.
 */
async function send(method: string, path: string, body?: unknown, embedToken?: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), apiTimeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (embedToken !== undefined) headers[embedTokenHeaderName] = embedToken;
  const token = method === 'GET' || embedToken !== undefined ? undefined : readCookie(xsrfCookieName);
  if (token) headers[xsrfHeaderName] = token;
  try {
    return await fetch(`${apiBaseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: embedToken === undefined ? 'include' : 'omit',
      signal: controller.signal,
    });
  } catch (error) {
    const isTimeout = controller.signal.aborted;
    throw new ApiError(
      isTimeout ? timeoutMessage : networkMessage,
      undefined,
      false,
      { cause: String(error) },
      isTimeout ? 'timeout' : 'network',
    );
  } finally {
    clearTimeout(timer);
  }
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  embedToken?: string,
): Promise<T> {
  // The anti-forgery cookie comes with any response (README.md#configuration); the page's first GET
  // normally brought it, this covers a cookie that was cleared meanwhile. An embed needs none.
  if (method !== 'GET' && embedToken === undefined && !readCookie(xsrfCookieName))
    await send('GET', '/health').catch(() => undefined);
  const response = await send(method, path, body, embedToken);
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (!response.ok) {
    const message =
      typeof fields.message === 'string' && fields.message
        ? fields.message
        : typeof fields.error === 'string' && fields.error
          ? fields.error
          : '';
    throw new ApiError(
      message || `Request failed (${response.status})`,
      response.status,
      Boolean(message),
      fields,
    );
  }
  return data as T;
}

const surveyPath = (surveyId: string) => `/surveys/${encodeURIComponent(surveyId)}`;

export function getSurvey(surveyId: string, markAsOpened: boolean): Promise<RespondentSurveyReply> {
  return request(
    'GET',
    `${surveyPath(surveyId)}${markAsOpened ? '?markAsOpened=true' : ''}`,
    undefined,
    embedTokenOf(surveyId),
  );
}

export function authenticateSurvey(
  surveyId: string,
  authenticationValues: Record<string, string | number | boolean>,
): Promise<AuthenticateSurveyResult> {
  return request(
    'POST',
    `${surveyPath(surveyId)}/authenticate`,
    { authenticationValues },
    embedTokenOf(surveyId),
  );
}

export function saveResponses(
  surveyId: string,
  surveyResponses: Record<string, SurveyAnswer | null>,
  markAsComplete: boolean,
  language?: SurveyLanguage,
): Promise<SavedSurveyResponses> {
  return request(
    'PATCH',
    `${surveyPath(surveyId)}${markAsComplete ? '?markAsComplete=true' : ''}`,
    { surveyResponses, ...(language ? { language } : {}) },
    embedTokenOf(surveyId),
  );
}

/**
 * Where the page reads and saves its survey: the server for a respondent, memory for a template's
 * preview (decision 022). The page's components see the same replies either way.
 */
export interface SurveySource {
  getSurvey(markAsOpened: boolean): Promise<RespondentSurveyReply>;
  authenticate(values: Record<string, string | number | boolean>): Promise<AuthenticateSurveyResult>;
  /** `language`: the one the respondent reads, recorded on the survey (decision 025). */
  save(
    surveyResponses: Record<string, SurveyAnswer | null>,
    markAsComplete: boolean,
    language?: SurveyLanguage,
  ): Promise<SavedSurveyResponses>;
}

export function serverSource(surveyId: string): SurveySource {
  return {
    getSurvey: (markAsOpened) => getSurvey(surveyId, markAsOpened),
    authenticate: (values) => authenticateSurvey(surveyId, values),
    save: (surveyResponses, markAsComplete, language) =>
      saveResponses(surveyId, surveyResponses, markAsComplete, language),
  };
}
