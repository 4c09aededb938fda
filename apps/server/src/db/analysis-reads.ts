import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Runs the reads of an analysis (a filtered summary, segments) in one read-only transaction with
 * JIT off (decision 034): their plans cost enough to cross `jit_above_cost`, and compiling them
 * took longer than the few hundred milliseconds it could save; a cold server paid it on every
 * statement. PGlite has no JIT but accepts the setting.
 */
export function readForAnalysis<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}
