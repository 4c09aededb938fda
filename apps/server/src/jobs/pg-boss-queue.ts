import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import type { JobDefinition, JobQueue } from './job-queue.js';

const pgBossSchema = 'pgboss';

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
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const known = new Map(jobs.map((job) => [job.name, job]));
  for (const name of known.keys()) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 15, retryBackoff: true });
  }
  let isStopped = false;
  return {
    async send(job, payload, options) {
      if (!known.has(job.name)) throw new Error(`The job queue was started without the job ${job.name}`);
      const data = job.payload.parse(payload);
      await boss.send(job.name, data as object, { startAfter: options?.startAfter });
    },
    async startWorkers(workers) {
      for (const worker of workers) {
        const { job } = worker;
        await boss.work(job.name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (batch) => {
          for (const item of batch) {
            try {
              await worker.run(job.payload.parse(item.data ?? {}));
            } catch (error) {
              // pg-boss retries the job; the log says why it failed.
              log.error({ err: error, job: job.name, jobId: item.id }, 'job failed');
              throw error;
            }
          }
        });
        if (job.cron) await boss.schedule(job.name, job.cron, {});
      }
    },
    async isHealthy() {
      if (isStopped) return false;
      try {
        await boss.getQueue(jobs[0]?.name ?? '');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: database.kind === 'postgres' });
    },
  };
}
