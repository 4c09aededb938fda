import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  linkSetup,
  start,
  startAndComplete,
  visitor,
} from '../modules/public-links/test-public-links-fixtures.js';
import { openTestDatabase } from '../test/database.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { type Database, type DatabaseHandle, wrapPglite } from './client.js';
import {
  exportInstallation,
  importInstallation,
  migrationSeededTables,
  TransferError,
} from './installation-transfer.js';
import { migrateDatabase } from './migrate.js';

let t: TestApp;
let dir: string;
let migrated: PGlite;
const opened: DatabaseHandle[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // One migrated embedded database, cloned for each target (migrating takes seconds).
  migrated = await PGlite.create();
  await migrateDatabase(wrapPglite(migrated));
  dir = await mkdtemp(join(tmpdir(), 'graphium-transfer-'));
  // A seeded installation: accounts, a workspace, a template, a public link, surveys answered and
  // not, sessions, the audit log, the dashboard's aggregates.
  const setup = await linkSetup(t);
  const link = await createLink(setup, { maxCompletedResponses: 10 });
  for (let index = 0; index < 3; index += 1) await startAndComplete(visitor(t), setup, link.slug);
  await start(visitor(t), link.slug);
});
afterAll(async () => {
  for (const handle of opened) await handle.close();
  await migrated.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function freshPglite(): Promise<DatabaseHandle> {
  const handle = wrapPglite((await migrated.clone()) as PGlite);
  opened.push(handle);
  return handle;
}

/** Every table's rows as sorted JSON texts. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and relkind = 'r' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${name}" t`),
    )) as unknown as {
      rows: { row: string }[];
    };
    result[name] = rows.rows.map((row) => row.row).sort();
  }
  return result;
}

describe('moving house: export and import of a whole installation', () => {
  it('carries every row to the embedded database and back to this kind of database, unchanged', async () => {
    const original = await contents(t.ctx.db);
    expect(original.surveys?.length).toBe(4);
    expect(original.audit_events?.length).toBeGreaterThan(0);

    const first = join(dir, 'first.jsonl.gz');
    const exported = await exportInstallation(t.ctx.db, first);
    expect(exported.surveys).toBe(4);
    const embedded = await freshPglite();
    const loaded = await importInstallation(embedded.db, first);
    expect(loaded.surveys).toBe(4);
    expect(await contents(embedded.db)).toEqual(original);

    const second = join(dir, 'second.jsonl.gz');
    await exportInstallation(embedded.db, second);
    const back = await openTestDatabase();
    opened.push(back);
    await importInstallation(back.db, second);
    expect(await contents(back.db)).toEqual(original);
  });

  it('refuses a database that has rows, a file that is no export, and an export of another version', async () => {
    const file = join(dir, 'refusals.jsonl.gz');
    await exportInstallation(t.ctx.db, file);
    const target = await freshPglite();
    await importInstallation(target.db, file);
    await expect(importInstallation(target.db, file)).rejects.toThrow(
      /The database is not empty \(\w+ has rows\)/,
    );

    const notExport = join(dir, 'not-an-export.gz');
    await writeFile(notExport, 'plain text');
    await expect(importInstallation((await freshPglite()).db, notExport)).rejects.toThrow(TransferError);

    const otherVersion = join(dir, 'other-version.jsonl.gz');
    const header = {
      format: 'graphium-export',
      version: 1,
      exportedAt: '',
      migration: 'elsewhere',
      tables: {},
    };
    await writeFile(otherVersion, gzipSync(`${JSON.stringify(header)}\n`));
    await expect(importInstallation((await freshPglite()).db, otherVersion)).rejects.toThrow(
      'The export was made by another version of Graphium',
    );
  });

  it('fills only the tables the migrations seed in a new database', async () => {
    const fresh = await contents((await freshPglite()).db);
    const filled = Object.entries(fresh)
      .filter(([, rows]) => rows.length > 0)
      .map(([name]) => name);
    expect(filled).toEqual(migrationSeededTables);
  });
});
