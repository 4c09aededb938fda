import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { startJobWorkers, startRuntime, stopRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { untilDatabaseQuiet } from './db/pool-quiet.js';

// Built web app beside the server: apps/server/dist → apps/web/dist.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long a stop waits for handlers whose client has gone (a save waits 5 s at most for a connection). */
const handlerSettleMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDistDir ??= defaultWebDist;
  const ctx = await startRuntime(config);
  const app = await buildApp(ctx);
  if (config.runWorker) await startJobWorkers(ctx);

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests and running jobs');
    try {
      // Readiness answers 503 first, so a balancer stops sending here before the listener closes.
      ctx.lifecycle.isDraining = true;
      if (config.shutdownDrainSeconds > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      }
      await app.close();
      // Requests whose client left are still running: the database stays open for their handlers,
      // and then for their hooks' queries.
      if (!(await ctx.lifecycle.handlers.settled(handlerSettleMs))) {
        app.log.warn({ handlers: ctx.lifecycle.handlers.count }, 'stopping with handlers still running');
      }
      await untilDatabaseQuiet(ctx.database, handlerSettleMs);
      await stopRuntime(ctx);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: ctx.database.kind, worker: config.runWorker },
    'Graphium is running',
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Graphium could not start:', error);
  }
  process.exit(1);
});
