import { setTimeout } from 'node:timers/promises';
import type { DatabaseHandle } from './client.js';

/**
 * Resolves `true` once `isBusy()` has answered false for `quietMs` in a row, or `false` after
 * `maxMs`. Checked every `stepMs`.
 */
export async function untilQuiet(
  isBusy: () => boolean,
  { quietMs, maxMs, stepMs = 20 }: { quietMs: number; maxMs: number; stepMs?: number },
): Promise<boolean> {
  const started = Date.now();
  let quietSince: number | undefined;
  for (;;) {
    const now = Date.now();
    if (isBusy()) quietSince = undefined;
    else {
      quietSince ??= now;
      if (now - quietSince >= quietMs) return true;
    }
    if (now - started >= maxMs) return false;
    await setTimeout(stepMs);
  }
}

/**
 * Before a stop closes the PostgreSQL pool: no query running or waiting for a connection, for a
 * moment. A request whose client left still runs its hooks (the API's idempotency check, say)
 * between queries; closing the pool under it fails its next one ("Cannot use a pool after calling
 * end on the pool"). The embedded database answers at once.
 */
export function untilDatabaseQuiet(database: DatabaseHandle, maxMs: number): Promise<boolean> {
  const stats = database.poolStats;
  if (!stats) return Promise.resolve(true);
  return untilQuiet(
    () => {
      const { total, idle, waiting } = stats();
      return total - idle + waiting > 0;
    },
    { quietMs: 100, maxMs },
  );
}
