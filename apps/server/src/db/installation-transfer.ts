import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from './client.js';

// Moving house (docs/decisions/042-moving-house.md): `npm run cli -- export FILE` writes every row
// of the installation's tables (all workspaces) to one gzip'd JSON-lines file, read in one
// consistent snapshot; `npm run cli -- import FILE` loads it into an empty, migrated database, the
// embedded one or PostgreSQL, in one transaction. The job queue's own tables are not carried:
// schedules are made again at start and pending jobs belong to the old installation.

const format = 'graphium-export';
const formatVersion = 1;
const batchRows = 1000;
/** Tables the migrations themselves fill (a singleton state row): replaced by the import's. */
export const migrationSeededTables = ['text_analytics_backfill'];

interface Header {
  format: typeof format;
  version: number;
  exportedAt: string;
  /** The last migration applied where it was exported: the import needs the same. */
  migration: string;
  tables: Record<string, number>;
}

type Executor = Pick<Database, 'execute'>;

/** The application's tables, each after the tables its foreign keys name (cycles broken). */
async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).map((row) => row.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of references) if (child === table) place(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

async function lastMigration(db: Executor): Promise<string> {
  const [row] = await rowsOf<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  return row?.hash ?? 'none';
}

const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Writes the whole installation to `file`; answers the rows written per table. */
export async function exportInstallation(db: Database, file: string): Promise<Record<string, number>> {
  return db.transaction(
    async (tx) => {
      const tables = await tablesInOrder(tx);
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [row] = await rowsOf<{ count: number }>(
          tx,
          sql`select count(*)::int as count from ${identifier(table)}`,
        );
        counts[table] = row?.count ?? 0;
      }
      const header: Header = {
        format,
        version: formatVersion,
        exportedAt: new Date().toISOString(),
        migration: await lastMigration(tx),
        tables: counts,
      };
      const lines = new PassThrough();
      const written = pipeline(lines, createGzip(), createWriteStream(file));
      const write = async (line: string) => {
        if (!lines.write(`${line}\n`)) await once(lines, 'drain');
      };
      await write(JSON.stringify(header));
      for (const table of tables) {
        // Pages in physical order within the one snapshot: no primary key shape is assumed.
        let after = '(0,0)';
        for (;;) {
          const page = await rowsOf<{ at: string; row: unknown }>(
            tx,
            sql`select ctid::text as at, row_to_json(t) as row from ${identifier(table)} t
              where ctid > ${after}::tid order by ctid limit ${batchRows}`,
          );
          for (const { row } of page) await write(JSON.stringify({ t: table, r: row }));
          if (page.length < batchRows) break;
          after = page.at(-1)!.at;
        }
      }
      lines.end();
      await written;
      return counts;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function readLines(file: string, onLine: (line: string) => Promise<void>): Promise<void> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line) await onLine(line);
}

export class TransferError extends Error {}

async function readHeader(file: string): Promise<Header | undefined> {
  try {
    const input = createReadStream(file).pipe(createGunzip());
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      return JSON.parse(line) as Header;
    }
  } catch {
    // Not gzip, not JSON: not an export.
  }
  return undefined;
}

/**
 * Loads an export into this database, which must be migrated to the same version and empty. One
 * transaction: a failure leaves it empty. Answers the rows loaded per table.
 */
export async function importInstallation(db: Database, file: string): Promise<Record<string, number>> {
  const header = await readHeader(file);
  if (header?.format !== format || header.version !== formatVersion) {
    throw new TransferError(`${file} is not a Graphium export.`);
  }
  const expected = header;
  return db.transaction(async (tx) => {
    if ((await lastMigration(tx)) !== expected.migration) {
      throw new TransferError(
        'The export was made by another version of Graphium: run the same version on both sides, then import.',
      );
    }
    const tables = await tablesInOrder(tx);
    for (const table of tables) {
      if (migrationSeededTables.includes(table)) continue;
      const [row] = await rowsOf<{ any: boolean }>(
        tx,
        sql`select exists (select 1 from ${identifier(table)}) as any`,
      );
      if (row?.any)
        throw new TransferError(`The database is not empty (${table} has rows): import into a new one.`);
    }
    for (const table of migrationSeededTables) await tx.execute(sql`delete from ${identifier(table)}`);
    // Rows go in as they were: triggers (the audit log's, the caches' notices) and foreign-key
    // checks wait; the tables arrive whole, parents first.
    await tx.execute(sql`set local session_replication_role = replica`);
    const columns = new Map<string, ReturnType<typeof sql>>();
    for (const table of tables) {
      const names = await rowsOf<{ name: string }>(
        tx,
        sql`select column_name as name from information_schema.columns where table_schema = 'public'
          and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
      );
      columns.set(
        table,
        sql.join(
          names.map((column) => identifier(column.name)),
          sql`, `,
        ),
      );
    }
    const loaded: Record<string, number> = {};
    let batch: unknown[] = [];
    let batchTable = '';
    const flush = async () => {
      if (batch.length === 0) return;
      const list = columns.get(batchTable);
      if (!list) throw new TransferError(`The export has a table this version does not: ${batchTable}.`);
      await tx.execute(sql`insert into ${identifier(batchTable)} (${list})
        select ${list} from json_populate_recordset(null::${identifier(batchTable)}, ${JSON.stringify(batch)}::json)`);
      loaded[batchTable] = (loaded[batchTable] ?? 0) + batch.length;
      batch = [];
    };
    let isHeader = true;
    await readLines(file, async (line) => {
      if (isHeader) {
        isHeader = false;
        return;
      }
      const { t, r } = JSON.parse(line) as { t: string; r: unknown };
      if (t !== batchTable || batch.length >= batchRows) {
        await flush();
        batchTable = t;
      }
      batch.push(r);
    });
    await flush();
    // Sequences continue after the rows they numbered.
    const sequences = await rowsOf<{ table: string; column: string; sequence: string }>(
      tx,
      sql`select table_name as table, column_name as column,
          pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns where table_schema = 'public'
          and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const { table, column, sequence } of sequences) {
      await tx.execute(
        sql`select setval(${sequence}, coalesce((select max(${identifier(column)}) from ${identifier(table)}), 0) + 1, false)`,
      );
    }
    for (const [table, count] of Object.entries(expected.tables)) {
      if ((loaded[table] ?? 0) !== count) {
        throw new TransferError(
          `The export is incomplete: ${table} had ${count} rows, ${loaded[table] ?? 0} were read.`,
        );
      }
    }
    return loaded;
  });
}
