import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';
import { withStartupLock } from './startup-lock.js';

/** Beside this module in source, copied beside the bundle by scripts/build.mjs. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any number of server processes may start at once against one PostgreSQL: one migrates.
const migrationLockId = 7_403_112_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await withStartupLock(handle.connectionString!, migrationLockId, () =>
    migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}
