import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Runs the reads of an analysis (a filtered summary, segments) in one read-only transaction
 * (decision 034) with JIT off: their plans cost enough to cross `jit_above_cost`, and compiling
 * them took longer than it saved (a cold server paid it on every statement). With
 * `isDateRange`, the surveys are found through the (template, sent_at) index: the planner costed a
 * scan of the whole template within 1% of it, and the scan reads every survey of the template
 * (1.1 GB at 1,000,000) where the index reads the period's. PGlite has no JIT but accepts the
 * setting.
 */
export function readForAnalysis<T>(
  db: Executor,
  read: (tx: Executor) => Promise<T>,
  options: { isDateRange?: boolean } = {},
): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        options.isDateRange
          ? sql`select set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true)`
          : sql`select set_config('jit', 'off', true)`,
      );
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}
