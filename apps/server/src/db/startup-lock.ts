import pg from 'pg';

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock, so that any number of
 * processes starting at the same moment do it one after the other: migrations, and pg-boss's
 * creation of its schema and queues (which deadlocked when two processes did it at once). The
 * lock lives on its own connection: a pool could run lock and unlock on different ones.
 */
export async function withStartupLock<T>(
  connectionString: string,
  lockId: number,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new pg.Client({ connectionString });
  // A restart while the lock is held ends the connection; the error comes back through the query.
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [lockId]);
    return await work();
  } finally {
    await lock.end().catch(() => {});
  }
}
