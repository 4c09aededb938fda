import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, wrapPglite, wrapPostgres } from '../db/client.js';

/** A fresh, migrated database of its own for the calling test file (or test). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.templateName}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${postgres.templateName}`);
    } finally {
      await admin.end();
    }
    const url = new URL(postgres.adminUrl);
    url.pathname = `/${name}`;
    return wrapPostgres(new pg.Pool({ connectionString: url.toString(), max: 5 }), url.toString());
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('The test database template is missing: is the global setup configured?');
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
  return wrapPglite(client);
}

/** A second pool on the database of a PostgreSQL test app, as another process would open. */
export function openSameDatabase(app: { ctx: { database: DatabaseHandle } }): DatabaseHandle {
  const url = app.ctx.database.connectionString;
  if (!url) throw new Error('Another process on the same database needs PostgreSQL.');
  return wrapPostgres(new pg.Pool({ connectionString: url, max: 5 }), url);
}
