import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client.js';

/** Beside this module in source, copied beside the bundle by scripts/build.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any number of server processes may start at once against one PostgreSQL: one migrates.
const migrationLockId = 7_403_112_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // The lock lives on its own connection: a pool could run lock and unlock on different ones.
  const lock = new pg.Client({ connectionString: handle.connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [migrationLockId]);
    await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lock.end();
  }
}
