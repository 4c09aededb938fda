import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

// A typed client of the Graphium API, version 1 (docs/api.md): the types are generated from
// openapi.json (`npm run generate`), the calls are openapi-fetch's. Every call sends the API key;
// POSTs carry an Idempotency-Key, so that a retry (429, 503, a lost connection) never creates
// twice.

export type { components, paths };
/** The named schemas of the API: `Schemas['ListSurveyTemplatesReply']`, `Schemas['Error']`... */
export type Schemas = components['schemas'];
export type ApiError = components['schemas']['Error'];

export interface GraphiumClientOptions {
  /** Where Graphium runs, e.g. `https://graphium.example.com` (the client adds `/api/v1`). */
  baseUrl: string;
  /** `gph_live_…`, from Settings → API Keys. */
  apiKey: string;
  /** The workspace to act in, among the key's customer's; default the oldest. */
  workspaceId?: string;
  /** Retries of a request answered 429 or 503, or that failed to connect; default 2. */
  maxRetries?: number;
  /** The longest wait before a retry, in seconds, whatever Retry-After says; default 30. */
  maxRetryDelaySeconds?: number;
  fetch?: typeof globalThis.fetch;
}

export type GraphiumClient = Client<paths>;

const retriedStatuses = new Set([429, 503]);

/**
 * A fetch that sends the key, gives each POST an Idempotency-Key (unless the caller set one) and
 * retries 429, 503 and connection failures with the same key after `Retry-After`.
 */
export function graphiumFetch(options: GraphiumClientOptions): typeof globalThis.fetch {
  const base = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 2;
  const maxDelay = options.maxRetryDelaySeconds ?? 30;
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set('authorization', `Bearer ${options.apiKey}`);
    if (options.workspaceId && !request.headers.has('x-workspace-id')) {
      request.headers.set('x-workspace-id', options.workspaceId);
    }
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', crypto.randomUUID());
    }
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | undefined;
      try {
        response = await base(request.clone());
      } catch (error) {
        if (attempt >= maxRetries) throw error;
      }
      if (response && (!retriedStatuses.has(response.status) || attempt >= maxRetries)) return response;
      const retryAfter = Number(response?.headers.get('retry-after'));
      const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, maxDelay) * 1000));
    }
  };
}

/** The client: `client.GET('/survey-templates', { params: { query: { limit: 50 } } })`. */
export function createGraphiumClient(options: GraphiumClientOptions): GraphiumClient {
  return createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/v1`,
    fetch: graphiumFetch(options),
  });
}

/** A page of any list: its rows and the cursor of the next page. */
export interface Page<Item> {
  items: Item[];
  next: string | null;
}

/**
 * Every row of a list, page after page: `readPage` reads the page after `cursor` (undefined for
 * the first).
 *
 * ```ts
 * for await (const template of eachItem((cursor) =>
 *   client.GET('/survey-templates', { params: { query: { cursor, limit: 100 } } })
 *     .then(({ data, error }) => { if (error) throw error; return { items: data.surveyTemplates, next: data.next }; }),
 * )) console.log(template.surveyTemplateName);
 * ```
 */
export async function* eachItem<Item>(
  readPage: (cursor: string | undefined) => Promise<Page<Item>>,
): AsyncGenerator<Item> {
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    yield* page.items;
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
}
