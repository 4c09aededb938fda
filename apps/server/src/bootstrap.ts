import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { createEmailTransport } from './delivery/email.js';
import { startJobQueue } from './jobs/queue.js';
import { readProviderWorkspaceId } from './modules/workspaces/provider-workspace.js';

export type Runtime = Omit<AppContext, 'log'>;

/** Opens and migrates the database, starts the job queue and gathers what services need. */
export async function startRuntime(
  config: Config,
  log: FastifyBaseLogger,
  database?: DatabaseHandle,
): Promise<Runtime> {
  const handle =
    database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateDatabase(handle);
  const providerWorkspaceId = config.providerWorkspaceId ?? (await readProviderWorkspaceId(handle.db));
  const jobs = await startJobQueue(handle, log);
  return {
    config,
    database: handle,
    db: handle.db,
    jobs,
    email: createEmailTransport(config.smtpUrl, config.mailFrom),
    now: () => new Date(),
    providerWorkspaceId,
  };
}

export async function stopRuntime(runtime: Runtime): Promise<void> {
  await runtime.jobs.stop();
  runtime.email.close();
  await runtime.database.close();
}
