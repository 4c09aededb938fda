import { startJobWorkers, startRuntime, stopRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

/** `npm run worker`: runs the jobs without serving HTTP (set WORKER=off on the servers). */
async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await startRuntime(config, { servesRequests: false });
  await startJobWorkers(ctx);
  ctx.log.info({ database: ctx.database.kind }, 'Graphium worker is running');
  const stop = async () => {
    ctx.log.info('worker stopping: finishing running jobs');
    await stopRuntime(ctx);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
