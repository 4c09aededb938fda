import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createAppContext, createLogger, startJobWorkers, stopRuntime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { openSameDatabase, openTestDatabase } from './database.js';
import { TestClient, type TestClientOptions } from './test-client.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run the job workers (delivery) in the test process. */
  withWorker?: boolean;
  providerWorkspaceId?: string;
  /** Collects the log lines (level info and up) instead of silencing them. */
  logLines?: string[];
  /**
   * Another server process on the same PostgreSQL database as this app (its own pool, caches
   * and listening connection), instead of a database of its own. PostgreSQL only.
   */
  beside?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the services' clock; `undefined` returns to real time. */
  setNow(date: Date | undefined): void;
  client(options?: TestClientOptions): TestClient;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'graphium-test-data'),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: 'http://graphium.test',
    ...options.env,
  });
  const database = options.beside ? openSameDatabase(options.beside) : await openTestDatabase();
  const lines = options.logLines;
  const log = lines
    ? createLogger(
        { logLevel: 'info' },
        new Writable({
          write(chunk, _encoding, callback) {
            lines.push(String(chunk));
            callback();
          },
        }),
      )
    : createLogger({ logLevel: 'silent' });
  let fixedNow: Date | undefined;
  const ctx = await createAppContext(config, database, log, {
    servesRequests: true,
    providerWorkspaceId: options.providerWorkspaceId,
    now: () => fixedNow ?? new Date(),
  });
  const app = await buildApp(ctx);
  if (options.withWorker) await startJobWorkers(ctx);
  await app.ready();
  return {
    app,
    ctx,
    setNow(date) {
      fixedNow = date;
    },
    client: (clientOptions) => new TestClient(app, clientOptions),
    async close() {
      await app.close();
      await stopRuntime(ctx);
    },
  };
}
