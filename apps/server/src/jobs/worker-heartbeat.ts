import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { jobWorkerHeartbeats } from '../db/schema/index.js';

// A process that runs jobs says so every few seconds (docs/decisions/040-health-and-draining.md),
// so that any process's `/api/health` can tell when no worker is left to run them.

const beatEveryMs = 10_000;
/** Seen within this long: a worker is polling. Three missed beats and it is not. */
const workerSeenWithinSeconds = 30;
/** Rows of workers gone without saying so (killed) are cleaned up after a day. */
const forgetAfterHours = 24;

export interface WorkerHeartbeat {
  /** Beats once more now (after the workers started, and in tests). */
  beat(): Promise<void>;
  /** Stops beating and removes this process's row: the worker is gone at once. */
  stop(): Promise<void>;
}

export function startWorkerHeartbeat(db: Database, log: FastifyBaseLogger): WorkerHeartbeat {
  const workerId = `${hostname()}:${process.pid}:${Date.now().toString(36)}`;
  let isWarned = false;
  const beat = async () => {
    try {
      await db
        .insert(jobWorkerHeartbeats)
        .values({ workerId, host: hostname(), pid: process.pid })
        .onConflictDoUpdate({ target: jobWorkerHeartbeats.workerId, set: { seenAt: sql`now()` } });
      await db
        .delete(jobWorkerHeartbeats)
        .where(sql`${jobWorkerHeartbeats.seenAt} < now() - make_interval(hours => ${forgetAfterHours})`);
      isWarned = false;
    } catch (error) {
      // The database away: the queue reports it; one warning, then quiet until a beat succeeds.
      if (!isWarned) log.warn({ err: error }, 'job worker heartbeat not recorded');
      isWarned = true;
    }
  };
  const timer = setInterval(() => void beat(), beatEveryMs);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      await db
        .delete(jobWorkerHeartbeats)
        .where(eq(jobWorkerHeartbeats.workerId, workerId))
        .catch(() => undefined);
    },
  };
}

/** Whether some process's workers were seen within `workerSeenWithinSeconds`, by the database's clock. */
export async function isWorkerPolling(db: Database): Promise<boolean> {
  const [row] = await db
    .select({
      seen: sql<boolean>`coalesce(max(${jobWorkerHeartbeats.seenAt}) > now() - make_interval(secs => ${workerSeenWithinSeconds}), false)`,
    })
    .from(jobWorkerHeartbeats);
  return row?.seen === true;
}
