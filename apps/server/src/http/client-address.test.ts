import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

// A per-address limit is only worth something if a client cannot name its own address. The
// unsubscribe page allows 30 requests a minute per address; each request below names a new one.
async function statusesWithRotatingAddresses(env: Record<string, string>): Promise<number[]> {
  const app = await createTestApp({ env });
  try {
    const client = app.client();
    const statuses: number[] = [];
    for (let request = 0; request < 32; request += 1) {
      const response = await client.get('/api/unsubscribe/not-a-token', {
        headers: { 'x-forwarded-for': `203.0.113.${request + 1}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  } finally {
    await app.close();
  }
}

describe('client addresses (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default, so rotating it escapes no limit', async () => {
    const statuses = await statusesWithRotatingAddresses({});
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('believes the proxies TRUST_PROXY names, and counts each forwarded client apart', async () => {
    const statuses = await statusesWithRotatingAddresses({ TRUST_PROXY: 'loopback' });
    expect(statuses).not.toContain(429);
    const byHops = await statusesWithRotatingAddresses({ TRUST_PROXY: '1' });
    expect(byHops).not.toContain(429);
  });

  it('does not believe a proxy it was not told of', async () => {
    const statuses = await statusesWithRotatingAddresses({ TRUST_PROXY: '10.0.0.0/8' });
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
