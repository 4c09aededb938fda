import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Runs the reads of an analysis (a filtered summary, segments) in one read-only transaction
 * (decision 034) with JIT off: their plans cost enough to cross `jit_above_cost`, and compiling
 * them took longer than it saved (a cold server paid it on every statement). With
 * `isDateRange`, the surveys are found through the (template, sent_at) index: the planner costed a
 * scan of the whole template within 1% of it, and the scan reads every survey of the template
 * (1.1 GB at 1,000,000) where the index reads the period's. `work_mem` lets the summary keep its
 * matching surveys (about 16 MB for 23,000) in memory instead of a temporary file. PGlite has no
 * JIT but accepts the setting.
 */
export function readForAnalysis<T>(
  db: Executor,
  read: (tx: Executor) => Promise<T>,
  options: { isDateRange?: boolean } = {},
): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)${
          options.isDateRange ? sql`, set_config('enable_seqscan', 'off', true)` : sql``
        }`,
      );
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}
