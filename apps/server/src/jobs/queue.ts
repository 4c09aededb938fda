import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { DatabaseHandle } from '../db/client.js';
import { type JobName, type JobPayload, jobDefinitions } from './definitions.js';

export interface SendJobOptions {
  /** Seconds to wait before the job may run. */
  startAfter?: number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendJobOptions): Promise<void>;
  /** Starts workers for every job and the schedules; the server's in-process worker or `npm run worker`. */
  startWorkers(ctx: AppContext): Promise<void>;
  /** Whether the queue answers (for /api/health). */
  isHealthy(): Promise<boolean>;
  /** Stops fetching, waits for running jobs to finish, then closes. */
  stop(): Promise<void>;
}

const pgBossSchema = 'pgboss';

function createBoss(database: DatabaseHandle): PgBoss {
  const common = { schema: pgBossSchema, migrate: true, supervise: true, schedule: true } as const;
  if (database.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  }
  // PGlite: pg-boss speaks to it through its `db` adapter (ARCHITECTURE.md §1).
  return new PgBoss({
    ...common,
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
  });
}

export async function startJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = createBoss(database);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of Object.keys(jobDefinitions)) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 15, retryBackoff: true });
  }
  let isStopped = false;
  return {
    async send(name, payload, options) {
      const data = jobDefinitions[name].payload.parse(payload);
      await boss.send(name, data, { startAfter: options?.startAfter });
    },
    async startWorkers(ctx) {
      for (const [name, definition] of Object.entries(jobDefinitions)) {
        await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) {
            const payload = definition.payload.parse(job.data ?? {});
            await definition.handler(ctx, payload as never);
          }
        });
        if ('cron' in definition) await boss.schedule(name, definition.cron, {});
      }
    },
    async isHealthy() {
      if (isStopped) return false;
      try {
        await boss.getQueue(Object.keys(jobDefinitions)[0]!);
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
