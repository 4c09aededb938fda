import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerErrorHandler, unavailableMessage } from '../http/error-handler.js';
import { isDatabaseUnavailable, outageReporter } from './availability.js';

describe('a database that cannot be reached', () => {
  it('is told apart from a wrong request, also when wrapped by the query builder', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: shutdown });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });

  it('answers 503 with Retry-After and a message, not 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('x'), { code: '57P03' }),
      });
    });
    const response = await app.inject({ method: 'GET', url: '/down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: 'UNAVAILABLE', message: unavailableMessage });
    await app.close();
  });

  it('is logged once per outage, and once when it ends', () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const outage = outageReporter(log, 'database');
    for (let error = 0; error < 5; error += 1) outage.down(new Error('refused'));
    outage.up();
    outage.up();
    outage.down(new Error('refused again'));
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith('database: available again');
  });
});
