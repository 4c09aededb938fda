import { describe, expect, it } from 'vitest';
import { deliveryAttemptLimit, isPermanentFailure, ProviderRefusal, retryDelaySeconds } from './failures.js';

describe('delivery failures', () => {
  it('waits 15 s, doubling, then 15 minutes at the most between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(retryDelaySeconds)).toEqual([
      15, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('fits the attempts in the retry lifetime: three days by default, like a mail server', () => {
    expect(deliveryAttemptLimit(72)).toBe(293);
    expect(deliveryAttemptLimit(0.1)).toBe(5);
    expect(deliveryAttemptLimit(0.01)).toBe(2);
  });

  it('gives up at once only on refusals that will not change', () => {
    const smtp = (responseCode: number) => Object.assign(new Error('SMTP'), { responseCode });
    expect(isPermanentFailure(smtp(550))).toBe(true);
    expect(isPermanentFailure(smtp(451))).toBe(false);
    expect(isPermanentFailure(new ProviderRefusal(400, 'invalid number'))).toBe(true);
    expect(isPermanentFailure(new ProviderRefusal(302, 'redirect'))).toBe(true);
    for (const status of [408, 429, 500, 502, 503]) {
      expect(isPermanentFailure(new ProviderRefusal(status, 'outage'))).toBe(false);
    }
    expect(isPermanentFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
  });
});
