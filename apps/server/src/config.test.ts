import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { SESSION_SECRET: 'a'.repeat(40), DATA_DIR: '/tmp/graphium-config-test' };

describe('configuration', () => {
  it('applies the defaults of README.md#configuration', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      mailFrom: 'Graphium <no-reply@localhost>',
      runWorker: true,
      cookieSecure: false,
      trustProxy: false,
    });
  });

  it.each([
    ['off', false],
    ['', false],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7 ,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.0/33', '300.1.1.1'])(
    'refuses TRUST_PROXY=%j with a message',
    (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be off, a hop count/,
      );
    },
  );

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'not a url'],
    ['WORKER', 'sometimes'],
    ['SESSION_SECRET', 'short'],
    ['PROVIDER_WORKSPACE_ID', 'not-a-uuid'],
  ])('stops with a message naming %s when it is bad', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('requires all SMS settings or none', () => {
    expect(() => loadConfig({ ...base, SMS_API_URL: 'http://127.0.0.1:9999' })).toThrow(/SMS_\*/);
  });

  it('marks cookies secure behind an https public URL', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://surveys.example.com/' })).toMatchObject({
      publicUrl: 'https://surveys.example.com',
      cookieSecure: true,
    });
  });
});

describe('the data directory', () => {
  it('resolves a relative DATA_DIR from where npm was started', () => {
    expect(loadConfig({ ...base, DATA_DIR: './data', INIT_CWD: '/srv/graphium' }).dataDir).toBe(
      '/srv/graphium/data',
    );
    expect(loadConfig({ ...base, DATA_DIR: '/var/lib/graphium' }).dataDir).toBe('/var/lib/graphium');
  });
});

describe('the session secret kept in the data directory', () => {
  it('is the same for processes that start together on a new data directory', async () => {
    const { execFile } = await import('node:child_process');
    const { mkdtempSync, readFileSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const dataDir = mkdtempSync(join(tmpdir(), 'graphium-secret-'));
    const config = fileURLToPath(new URL('./config.ts', import.meta.url));
    const script = `import { loadConfig } from ${JSON.stringify(config)}; process.stdout.write(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} }).sessionSecret);`;
    const secrets = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) =>
            execFile(
              process.execPath,
              ['--import', 'tsx', '--input-type=module', '--eval', script],
              (error, stdout) => (error ? reject(error) : resolve(stdout)),
            ),
          ),
      ),
    );
    const kept = readFileSync(join(dataDir, 'session-secret'), 'utf8').trim();
    expect(kept.length).toBeGreaterThan(40);
    expect(secrets).toEqual(Array.from({ length: 6 }, () => kept));
    // No temporary file is left behind.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('session-secret'))).toEqual([
      'session-secret',
    ]);
  }, 60_000);
});
