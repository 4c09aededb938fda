import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countHandlersInFlight, HandlersInFlight } from './handlers-in-flight.js';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('handlers in flight', () => {
  it('keeps counting a handler whose client left after the server closed, until it returns', async () => {
    const handlers = new HandlersInFlight();
    const app = Fastify();
    countHandlersInFlight(app, handlers);
    const started = gate();
    const release = gate();
    const steps: string[] = [];
    app.get('/slow', async () => {
      started.open();
      await release.opened;
      steps.push('handler returned');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const client = request({ host: '127.0.0.1', port, path: '/slow' });
    client.on('error', () => {}); // the hang-up this test makes
    const closed = new Promise((resolve) => client.once('close', resolve));
    client.end();
    await started.opened;
    client.destroy();
    await closed;
    await app.close();
    steps.push('server closed');
    expect(handlers.count).toBe(1);

    const settled = handlers.settled(60_000).then((value) => {
      steps.push('settled');
      return value;
    });
    await Promise.resolve();
    expect(steps).toEqual(['server closed']);
    release.open();
    expect(await settled).toBe(true);
    expect(steps).toEqual(['server closed', 'handler returned', 'settled']);
    expect(handlers.count).toBe(0);
  });

  it('counts handlers that answer at once, throw, or fail, and leaves none behind', async () => {
    const handlers = new HandlersInFlight();
    const app = Fastify();
    countHandlersInFlight(app, handlers);
    app.get('/sync', (_request, reply) => {
      reply.send({ during: handlers.count });
    });
    app.get('/throws', () => {
      throw new Error('thrown');
    });
    app.get('/rejects', async () => {
      throw new Error('rejected');
    });
    expect((await app.inject('/sync')).json()).toEqual({ during: 1 });
    expect((await app.inject('/throws')).statusCode).toBe(500);
    expect((await app.inject('/rejects')).statusCode).toBe(500);
    expect(handlers.count).toBe(0);
    await app.close();
  });

  it('gives up waiting after its timeout and says so', async () => {
    const handlers = new HandlersInFlight();
    handlers.enter();
    expect(await handlers.settled(1)).toBe(false);
    handlers.leave();
    expect(await handlers.settled(1)).toBe(true);
  });
});
