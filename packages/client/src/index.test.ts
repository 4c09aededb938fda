import { describe, expect, it } from 'vitest';
import { eachItem, graphiumFetch } from './index.js';

// The client's own rules; its calls against the running server are tested in
// apps/server/src/http/api-client.test.ts.

function recordingFetch(replies: (Response | Error)[]) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const reply = replies.shift();
    if (!reply) throw new Error('no more replies');
    if (reply instanceof Error) throw reply;
    return reply;
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('graphiumFetch', () => {
  it('sends the key and the workspace, and an Idempotency-Key on POST only', async () => {
    const { fetch, requests } = recordingFetch([json(200, {}), json(201, {})]);
    const send = graphiumFetch({ baseUrl: 'http://x', apiKey: 'gph_live_k', workspaceId: 'w', fetch });
    await send('http://x/api/v1/survey-templates');
    await send('http://x/api/v1/survey-templates', { method: 'POST', body: '{}' });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer gph_live_k');
    expect(requests[0]!.headers.get('x-workspace-id')).toBe('w');
    expect(requests[0]!.headers.get('idempotency-key')).toBeNull();
    expect(requests[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries 429 and 503 and a failed connection with the same Idempotency-Key, then gives up', async () => {
    const { fetch, requests } = recordingFetch([
      json(429, { error: 'RATE_LIMITED', message: 'wait' }, { 'retry-after': '0' }),
      new TypeError('connection reset'),
      json(201, { ok: true }),
    ]);
    const send = graphiumFetch({ baseUrl: 'http://x', apiKey: 'k', fetch, maxRetryDelaySeconds: 0 });
    const reply = await send('http://x/api/v1/surveys', { method: 'POST', body: '{"a":1}' });
    expect(reply.status).toBe(201);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers.get('idempotency-key'))).size).toBe(1);
    expect(await requests[2]!.text()).toBe('{"a":1}');

    const busy = recordingFetch([json(503, {}), json(503, {}), json(503, {})]);
    const giveUp = graphiumFetch({
      baseUrl: 'http://x',
      apiKey: 'k',
      fetch: busy.fetch,
      maxRetryDelaySeconds: 0,
    });
    expect((await giveUp('http://x/api/v1/survey-templates')).status).toBe(503);
    expect(busy.requests).toHaveLength(3);
  });

  it('keeps an Idempotency-Key the caller chose and returns other errors at once', async () => {
    const { fetch, requests } = recordingFetch([json(422, { error: 'UNPROCESSABLE', message: 'reused' })]);
    const send = graphiumFetch({ baseUrl: 'http://x', apiKey: 'k', fetch });
    const reply = await send('http://x/api/v1/surveys', {
      method: 'POST',
      headers: { 'idempotency-key': 'order-42' },
      body: '{}',
    });
    expect(reply.status).toBe(422);
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual(['order-42']);
  });
});

describe('eachItem', () => {
  it('reads page after page until next is null', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = {
      first: { items: [1, 2], next: 'b' },
      b: { items: [3], next: null },
    };
    const cursors: (string | undefined)[] = [];
    const items: number[] = [];
    for await (const item of eachItem(async (cursor) => {
      cursors.push(cursor);
      return pages[cursor ?? 'first']!;
    })) {
      items.push(item);
    }
    expect(items).toEqual([1, 2, 3]);
    expect(cursors).toEqual([undefined, 'b']);
  });
});
