import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable, outageReporter } from '../db/availability.js';
import type { DatabaseHandle } from '../db/client.js';
import { withStartupLock } from '../db/startup-lock.js';
import type { JobDefinition, JobQueue } from './job-queue.js';
import { startWorkerHeartbeat, type WorkerHeartbeat } from './worker-heartbeat.js';

const pgBossSchema = 'pgboss';
const queueLockId = 7_403_112_002;

function createBoss(database: DatabaseHandle): PgBoss {
  const common = { schema: pgBossSchema, migrate: true, supervise: true, schedule: true } as const;
  if (database.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  }
  // PGlite: pg-boss speaks to it through its `db` adapter (docs/architecture.md).
  return new PgBoss({
    ...common,
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
  });
}

/**
 * The job queue on pg-boss, in the application's database. `jobs` are every kind the
 * application sends or runs: each gets its queue at start, so a send never meets a missing one.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  jobs: readonly JobDefinition<unknown>[],
): Promise<JobQueue> {
  const boss = createBoss(database);
  // pg-boss reports each of its connections that a database restart cuts: one warning per outage.
  const outage = outageReporter(log, 'job queue database');
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) outage.down(error);
    else log.error({ err: error }, 'job queue error');
  });
  const known = new Map(jobs.map((job) => [job.name, job]));
  const start = async () => {
    await boss.start();
    for (const job of known.values()) {
      const options = {
        name: job.name,
        policy: job.oncePerKey ? 'stately' : 'standard',
        retryLimit: 3,
        retryDelay: 15,
        retryBackoff: true,
      } as const;
      await boss.createQueue(job.name, options);
      // A queue made before its job's policy changed (createQueue leaves an existing one alone).
      if (job.oncePerKey) await boss.updateQueue(job.name, options);
    }
  };
  // Processes starting together create pg-boss's schema and queues one at a time.
  if (database.kind === 'postgres') await withStartupLock(database.connectionString!, queueLockId, start);
  else await start();
  let isStopped = false;
  let heartbeat: WorkerHeartbeat | undefined;
  return {
    async send(job, payload, options) {
      if (!known.has(job.name)) throw new Error(`The job queue was started without the job ${job.name}`);
      const data = job.payload.parse(payload);
      if (job.oncePerKey && options?.key === undefined)
        throw new Error(`The job ${job.name} needs a key to be sent`);
      await boss.send(job.name, data as object, {
        startAfter: options?.startAfter,
        singletonKey: options?.key,
      });
      outage.up();
    },
    async startWorkers(workers) {
      for (const worker of workers) {
        const { job } = worker;
        const pollingIntervalSeconds = job.pollingIntervalSeconds ?? (job.cron ? 10 : 0.5);
        // Up to `concurrency` jobs fetched at once and run side by side (one poll, not one each).
        const batchSize = job.concurrency ?? 1;
        await boss.work(job.name, { pollingIntervalSeconds, batchSize }, async (batch) => {
          const outcomes = await Promise.allSettled(
            batch.map(async (item) => {
              try {
                await worker.run(job.payload.parse(item.data ?? {}));
              } catch (error) {
                // pg-boss retries the job; the log says why it failed.
                log.error({ err: error, job: job.name, jobId: item.id }, 'job failed');
                throw error;
              }
            }),
          );
          const failure = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failure) throw failure.reason;
        });
        if (job.cron) await boss.schedule(job.name, job.cron, {});
      }
      heartbeat = startWorkerHeartbeat(database.db, log);
      await heartbeat.beat();
    },
    async isHealthy() {
      if (isStopped) return false;
      try {
        await boss.getQueue(jobs[0]?.name ?? '');
        outage.up();
        return true;
      } catch {
        return false;
      }
    },
    async sizes() {
      const sizes: Record<string, number> = {};
      for (const name of known.keys()) sizes[name] = await boss.getQueueSize(name);
      return sizes;
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await heartbeat?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: database.kind === 'postgres' });
    },
  };
}
