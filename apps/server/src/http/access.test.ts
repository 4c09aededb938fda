import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { access, registerAccessControl } from './access.js';

describe('route access', () => {
  it('refuses a route that declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as AppContext);
    app.get('/declared', { config: { access: access.anyone } }, async () => 'ok');
    expect(() => app.get('/forgotten', async () => 'ok')).toThrow(
      'GET /forgotten declares no access (config.access)',
    );
  });

  it('documents public routes as such and data routes as taking an API key', async () => {
    const app = Fastify();
    const schemas: Record<string, unknown> = {};
    registerAccessControl(app, {} as AppContext);
    app.addHook('onRoute', (route) => {
      schemas[route.url] = route.schema?.security;
    });
    app.get('/public', { config: { access: access.anyone } }, async () => 'ok');
    app.get('/data', { config: { access: access.workspace('read') } }, async () => 'ok');
    app.get('/settings', { config: { access: access.member('admin') } }, async () => 'ok');
    await app.ready();
    expect(schemas).toEqual({
      '/public': [],
      '/data': [{ sessionCookie: [] }, { bearerAuth: [] }],
      '/settings': undefined,
    });
  });
});
