import pino from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { createEmailTransport } from './delivery/email.js';
import { startJobQueue } from './jobs/queue.js';
import { noSessionCache, openSessionCache } from './modules/auth/session-cache.js';
import { settleUrgentDeliveries } from './modules/delivery/outbox.service.js';
import { readProviderWorkspaceId } from './modules/workspaces/provider-workspace.js';

// No password, hash, token or cookie ever reaches a log line.
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream) {
  return pino(
    { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' } },
    destination,
  );
}

/** Opens and migrates the database, starts the job queue and gathers what services need. */
export async function startRuntime(
  config: Config,
  options: { servesRequests: boolean } = { servesRequests: true },
): Promise<AppContext> {
  const log = createLogger(config);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(handle);
  const providerWorkspaceId = config.providerWorkspaceId ?? (await readProviderWorkspaceId(handle.db));
  const jobs = await startJobQueue(handle, log);
  // Only a process that serves requests looks sessions up; a worker needs no listening connection.
  const sessionCache = options.servesRequests ? await openSessionCache(handle, log) : noSessionCache;
  return {
    config,
    log,
    database: handle,
    db: handle.db,
    jobs,
    email: createEmailTransport(config.smtpUrl, config.mailFrom),
    now: () => new Date(),
    sessionCache,
    providerWorkspaceId,
  };
}

export async function stopRuntime(runtime: AppContext): Promise<void> {
  await settleUrgentDeliveries();
  await runtime.jobs.stop();
  runtime.email.close();
  await runtime.sessionCache.close();
  await runtime.database.close();
}
