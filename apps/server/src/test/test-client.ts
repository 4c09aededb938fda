import { xsrfCookieName, xsrfHeaderName } from '@graphium/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Leave out the anti-forgery header, as a forged cross-site request would. */
  withoutXsrf?: boolean;
}

export interface TestClientOptions {
  /** The client's address as the server sees it (the socket's), for per-address rules. */
  remoteAddress?: string;
}

/** A browser-like client over `app.inject`: keeps cookies and echoes the anti-forgery token. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: TestClientOptions = {},
  ) {}

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    if (method !== 'GET' && !this.cookies.has(xsrfCookieName)) await this.request('GET', '/api/health');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get(xsrfCookieName);
    if (method !== 'GET' && xsrf && !options.withoutXsrf) headers[xsrfHeaderName] = xsrf;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keepCookies(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options);
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, body, options);
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  private keepCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expires = cookie.expires ? new Date(cookie.expires) : undefined;
      if (cookie.value === '' || (expires && expires.getTime() <= Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

let sequence = 0;

/** A unique, valid sign-up payload; tests share a database per file, so addresses never repeat. */
export function newSignUp(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    businessName: 'Analytical Engines',
    emailAddress: `ada.${unique}@example.com`,
    password: 'Str0ng!pass',
    termsAgreement: true,
    ...overrides,
  };
}

/** Signs up a new account (its own customer and workspace) and answers the signed-in client. */
export async function signUpClient(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ client: TestClient; body: ReturnType<typeof newSignUp>; startup: StartupBody }> {
  const body = newSignUp(overrides);
  const response = await client.post('/api/accounts/', body);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { client, body, startup: response.json() };
}

export interface StartupBody {
  account: {
    accountId: string;
    firstName: string;
    lastName: string;
    emailAddress: string;
    businessName: string | null;
  };
  workspaces: {
    workspaceId: string;
    workspaceName: string;
    customerId: string;
    role: string;
    isGraphiumWorkspace: boolean;
  }[];
}
