import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

function appLoggingTo(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const app = Fastify({
    loggerInstance: logger,
    disableRequestLogging: true,
    childLoggerFactory: lazyRequestLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 'x' }, 'something to see');
    return { ok: true, level: request.log.level };
  });
  return app;
}

/** The app ready (Fastify makes its own logger from ours first), and a count of the children made since. */
async function readyApp(lines: string[]) {
  const app = appLoggingTo(lines);
  await app.ready();
  return { app, child: vi.spyOn(app.log, 'child') };
}

describe('lazyRequestLogger', () => {
  it('makes no child logger for a request that logs nothing', async () => {
    const lines: string[] = [];
    const { app, child } = await readyApp(lines);
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it("logs a request's line with its request id and level", async () => {
    const lines: string[] = [];
    const { app, child } = await readyApp(lines);
    const response = await app.inject({ url: '/loud' });
    expect(response.json()).toEqual({ ok: true, level: 'info' });
    expect(child).toHaveBeenCalledTimes(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 40, msg: 'something to see', detail: 'x' });
    expect(line.reqId).toMatch(/^req-/);
    await app.close();
  });
});
