import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, checkDataDir } from '../config.js';
import { registerErrorHandler, storageMessages } from '../http/error-handler.js';
import { storageProblemOf } from './availability.js';
import { openDatabase } from './client.js';

describe('a disk that is full or read-only', () => {
  it('is told apart from other errors, also when wrapped by the query builder', () => {
    const full = Object.assign(new Error('could not extend file "base/5/16396": No space left on device'), {
      code: '53100',
    });
    expect(storageProblemOf(Object.assign(new Error('Failed query: insert'), { cause: full }))).toBe('full');
    expect(storageProblemOf(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe('full');
    expect(storageProblemOf(Object.assign(new Error('open'), { code: 'EROFS' }))).toBe('read-only');
    expect(storageProblemOf(new Error('could not open file: Read-only file system'))).toBe('read-only');
    expect(storageProblemOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
  });

  it('answers 503 with a message and a longer Retry-After, warning once until a write succeeds', async () => {
    const app = Fastify({ logger: false });
    const warn = vi.spyOn(app.log, 'warn');
    let isFull = true;
    registerErrorHandler(app);
    app.post('/write', async () => {
      if (isFull) throw Object.assign(new Error('Failed query'), { cause: { code: '53100' } });
      return { ok: true };
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app.inject({ method: 'POST', url: '/write' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({ error: 'UNAVAILABLE', message: storageMessages.full });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    isFull = false;
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    isFull = true;
    await app.inject({ method: 'POST', url: '/write' });
    expect(warn).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('stops the start with a message when the data directory cannot be written', () => {
    const parent = mkdtempSync(join(tmpdir(), 'graphium-data-'));
    const file = join(parent, 'a-file');
    writeFileSync(file, '');
    expect(() => checkDataDir(join(file, 'data'))).toThrow(ConfigError);
    expect(() => checkDataDir(join(file, 'data'))).toThrow(
      /data directory .* \(DATA_DIR\) cannot be written/,
    );
    expect(() => checkDataDir(parent)).not.toThrow();
    rmSync(parent, { recursive: true });
  });
});

// Real file systems: a small tmpfs that fills up, and a read-only bind mount. They need root
// (CI runs as root); elsewhere these tests are skipped.
describe('the embedded database on a real disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'graphium-disk-'));
  const small = join(root, 'small');
  const readOnly = join(root, 'read-only');
  let mounted = false;
  beforeAll(() => {
    mkdirSync(small);
    mkdirSync(readOnly);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=72m', 'tmpfs', small], { stdio: 'ignore' });
      execFileSync('mount', ['--bind', small, readOnly], { stdio: 'ignore' });
      execFileSync('mount', ['-o', 'remount,bind,ro', readOnly], { stdio: 'ignore' });
      mounted = true;
    } catch {
      mounted = false;
    }
  });
  afterAll(() => {
    for (const dir of [readOnly, small]) {
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' });
      } catch {
        // Not mounted.
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses writes on a full disk with a storage error, keeps every committed row, and writes again once space is freed', async (context) => {
    if (!mounted) context.skip();
    const database = await openDatabase({ dataDir: small });
    await database.executeSql('create table saves (id serial primary key, body text not null)');
    const filler = join(small, 'filler');
    // Fill the disk, then write until the database runs out of room.
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=200'], { stdio: 'ignore' });
    } catch {
      // dd stops at the end of the disk.
    }
    let committed = 0;
    let failure: unknown;
    for (let row = 0; row < 20_000 && !failure; row += 1) {
      try {
        await database.executeSql('insert into saves (body) values ($1)', ['x'.repeat(2000)]);
        committed += 1;
      } catch (error) {
        failure = error;
      }
    }
    expect(storageProblemOf(failure)).toBe('full');
    rmSync(filler);
    await database.executeSql('insert into saves (body) values ($1)', ['after']);
    await database.close();

    const reopened = await openDatabase({ dataDir: small });
    const { rows } = await reopened.executeSql('select count(*)::int as count from saves', []);
    expect(rows[0]?.count).toBe(committed + 1);
    await reopened.close();
  }, 60_000);

  it('does not start on a read-only data directory, saying so', (context) => {
    if (!mounted) context.skip();
    expect(() => checkDataDir(readOnly, join(readOnly, 'pglite'))).toThrow(
      'Graphium could not start: the data directory',
    );
    expect(() => checkDataDir(readOnly)).toThrow(/is read-only\. Mount it writable/);
  });
});
