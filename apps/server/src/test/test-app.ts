import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createLogger } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { createEmailTransport } from '../delivery/email.js';
import { startJobQueue } from '../jobs/queue.js';
import { openSessionCache } from '../modules/auth/session-cache.js';
import { settleUrgentDeliveries } from '../modules/delivery/outbox.service.js';
import { openTestDatabase } from './database.js';
import { TestClient } from './test-client.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run the job workers (delivery) in the test process. */
  withWorker?: boolean;
  providerWorkspaceId?: string;
  /** Collects the log lines (level info and up) instead of silencing them. */
  logLines?: string[];
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the services' clock; `undefined` returns to real time. */
  setNow(date: Date | undefined): void;
  client(): TestClient;
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
  const database = await openTestDatabase();
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
  const jobs = await startJobQueue(database, log);
  let fixedNow: Date | undefined;
  const sessionCache = await openSessionCache(database, log);
  const ctx: AppContext = {
    config,
    log,
    database,
    db: database.db,
    jobs,
    email: createEmailTransport(config.smtpUrl, config.mailFrom),
    now: () => fixedNow ?? new Date(),
    sessionCache,
    providerWorkspaceId: options.providerWorkspaceId,
  };
  const app = await buildApp(ctx);
  if (options.withWorker) await jobs.startWorkers(ctx);
  await app.ready();
  return {
    app,
    ctx,
    setNow(date) {
      fixedNow = date;
    },
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await settleUrgentDeliveries();
      await jobs.stop();
      ctx.email.close();
      await sessionCache.close();
      await database.close();
    },
  };
}
