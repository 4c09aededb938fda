import type { z } from 'zod';

/**
 * A kind of job: its name, the schema of its payload and, for periodic jobs, its schedule. A
 * module declares its jobs beside itself (`<module>.jobs.ts`) and sends them through the queue;
 * their handlers are collected where the runtime starts (src/bootstrap.ts).
 */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** A cron expression (UTC) for jobs that run by themselves. */
  cron?: string;
  /**
   * How often an idle worker asks for this job (seconds). Each ask is a query: on the embedded
   * database eleven queues asked twice a second cost an idle server 4 s of CPU a minute, 2 s with
   * these intervals. By default half a second for jobs someone waits for (a message leaving) and
   * ten seconds for periodic ones.
   */
  pollingIntervalSeconds?: number;
  /**
   * Jobs of this kind one process fetches in one poll and runs side by side (default 1): a
   * delivery that waits on a slow endpoint does not hold up the others, and a burst of jobs is
   * worked through without a poll's wait between each.
   */
  concurrency?: number;
  /**
   * At most one job of this kind per `key` (see `send`) waits, and one runs: sending it again
   * while one waits does nothing (pg-boss's `stately` queue policy).
   */
  oncePerKey?: boolean;
}

export function defineJob<Schema extends z.ZodType>(
  definition: Omit<JobDefinition<unknown>, 'payload'> & { payload: Schema },
): JobDefinition<z.output<Schema>> {
  return definition as JobDefinition<z.output<Schema>>;
}

interface SendJobOptions {
  /** Seconds to wait before the job may run. */
  startAfter?: number;
  /** For a job `oncePerKey`: what it is once per (a workspace's id, say). */
  key?: string;
}

/** A job handler already bound to what it runs with: the queue calls `run` with each payload. */
export interface JobWorker {
  job: JobDefinition<unknown>;
  run(payload: unknown): Promise<unknown>;
}

/** The job queue as the application sees it; the runtime starts its workers. */
export interface JobQueue {
  send<Payload>(job: JobDefinition<Payload>, payload: Payload, options?: SendJobOptions): Promise<void>;
  /** Starts a worker for each job and the schedules (the server's in-process worker, `npm run worker`). */
  startWorkers(workers: JobWorker[]): Promise<void>;
  /** Whether the queue answers (for /api/health). */
  isHealthy(): Promise<boolean>;
  /** Jobs waiting to run (queued or waiting to retry), by job name (for /api/metrics). */
  sizes(): Promise<Record<string, number>>;
  /** Stops fetching, waits for running jobs to finish, then closes. */
  stop(): Promise<void>;
}
