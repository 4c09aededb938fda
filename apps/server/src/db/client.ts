import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { checkDataDir } from '../config.js';
import { outageReporter } from './availability.js';
import { withNamedStatements } from './pglite-named-statements.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Database,
  | 'select'
  | 'selectDistinctOn'
  | 'insert'
  | 'update'
  | 'delete'
  | 'execute'
  | 'transaction'
  | '$with'
  | 'with'
>;

/** The rows of a raw SQL statement (drizzle answers PGlite's and node-postgres's results alike). */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Raw SQL for pg-boss and health checks: parameterless text goes to `exec`, the rest to `query`. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection string, so pg-boss can open its own pool. */
  connectionString?: string;
  pglite?: PGlite;
  /** PostgreSQL only: the pool's connections now (for /api/metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  return {
    kind: 'pglite',
    db: drizzlePglite(withNamedStatements(client), { schema }) as unknown as Database,
    pglite: client,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export function wrapPostgres(pool: pg.Pool, connectionString: string): DatabaseHandle {
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Database,
    connectionString,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async close() {
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Told about connections the pool loses between queries (a restart, a failover). */
  log?: Parameters<typeof outageReporter>[0];
}

/** How long a query waits for a connection before it fails (503) instead of hanging. */
const connectTimeoutMs = 5_000;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir/pglite`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    // An idle connection that the server closes (a restart, a failover, pg_terminate_backend)
    // emits 'error' on the pool; without a listener that would end the process. The pool drops
    // the connection and the next query opens a new one.
    const outage = options.log ? outageReporter(options.log, 'database') : undefined;
    pool.on('error', (error) => outage?.down(error));
    pool.on('connect', () => outage?.up());
    await pool.query('select 1');
    return wrapPostgres(pool, options.databaseUrl);
  }
  const dir = join(options.dataDir, 'pglite');
  checkDataDir(options.dataDir, dir);
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir });
  return wrapPglite(client);
}
