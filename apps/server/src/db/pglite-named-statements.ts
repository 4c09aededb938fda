import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { eventLoopTurns } from './event-loop-turns.js';

// The embedded database plans every statement again on each call: PGlite's `query` sends an
// unnamed Parse, a Describe, then Bind and Execute. The respondent page's read joins five tables,
// and planning it cost more than running it (0.56 ms of planning against 0.24 ms of execution).
// A statement text seen again is parsed once into a named statement of the session, and later
// calls only bind and execute it, so PostgreSQL keeps its plan, as it does on a real server for
// node-postgres' named statements (docs/decisions/039-embedded-named-statements.md).

interface NamedStatement {
  name: string;
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

interface BackendMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: unknown[];
  text?: string;
}

/** What PGlite keeps for itself but serves its own `query` with; pinned by package-lock. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<BackendMessage[]>;
  isInTransaction(): boolean;
  syncToFs(): Promise<void>;
  parsers: Record<number, (value: string, typeId: number) => unknown>;
  serializers: Record<number, (value: unknown) => string>;
}

export interface NamedStatementOptions {
  /** Named statements kept at most; the oldest is closed beyond it. */
  maxStatements?: number;
  /** Calls of a text before it is named (one-off statements stay unnamed). */
  namedAfter?: number;
}

// Names are unique in the process: two wrappers of one client must not reuse each other's.
let nextName = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const message = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * The same client, whose top-level `query` runs repeated statements as named statements. Queries
 * inside `transaction` (its own client) and queries with blobs take PGlite's path unchanged. A
 * long streak of statements lets the event loop turn before the next one (`eventLoopTurns`).
 */
export function withNamedStatements(client: PGlite, options: NamedStatementOptions = {}): PGlite {
  const { maxStatements = 200, namedAfter = 2 } = options;
  const pg = client as unknown as PGliteInternals;
  const statements = new Map<string, NamedStatement>();
  const calls = new Map<string, number>();
  const nextTurn = eventLoopTurns();

  async function prepare(text: string): Promise<NamedStatement> {
    const name = `graphium_${nextName++}`;
    const messages = await pg.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameters = messages.find((message) => message.name === 'parameterDescription');
    const rows = messages.find((message) => message.name === 'rowDescription');
    const statement: NamedStatement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      fields: (rows?.fields ?? []) as NamedStatement['fields'],
    };
    statements.set(text, statement);
    const oldest = statements.size > maxStatements ? statements.entries().next().value : undefined;
    if (oldest) {
      statements.delete(oldest[0]);
      await pg.execProtocolStream(
        concat([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
    }
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    queryOptions: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = statements.get(text) ?? (await prepare(text));
    const serializers = queryOptions?.serializers;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const typeId = statement.parameterTypes[index] ?? 0;
      const serializer = serializers?.[typeId] ?? pg.serializers[typeId];
      return serializer ? serializer(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      // Bind, Execute and Sync in one message: after an error the server skips to the Sync.
      messages = await pg.execProtocolStream(
        concat([
          serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } finally {
      if (!pg.isInTransaction()) await pg.syncToFs();
    }
    const parsers = queryOptions?.parsers ? { ...pg.parsers, ...queryOptions.parsers } : pg.parsers;
    const parse = (value: unknown, typeId: number) => {
      if (value === null) return null;
      const parser = parsers[typeId];
      return parser ? parser(value as string, typeId) : value;
    };
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const cells = message.fields ?? [];
        if (queryOptions?.rowMode === 'array') {
          rows.push(cells.map((cell, index) => parse(cell, statement.fields[index]?.dataTypeID ?? 0)));
        } else {
          rows.push(
            Object.fromEntries(
              statement.fields.map((field, index) => [
                field.name,
                parse(cells[index] ?? null, field.dataTypeID),
              ]),
            ),
          );
        }
      } else if (message.name === 'commandComplete') {
        const words = (message.text ?? '').split(' ');
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0] ?? '')) {
          affectedRows += Number.parseInt(words.at(-1) ?? '0', 10) || 0;
        }
      }
    }
    return {
      rows: rows as T[],
      fields: statement.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      affectedRows,
    };
  }

  async function query<T>(
    text: string,
    params: unknown[] = [],
    queryOptions?: QueryOptions,
  ): Promise<Results<T>> {
    await nextTurn();
    if (queryOptions?.blob || queryOptions?.paramTypes) return client.query<T>(text, params, queryOptions);
    if (!statements.has(text)) {
      const seen = (calls.get(text) ?? 0) + 1;
      if (seen < namedAfter) {
        if (calls.size > 10_000) calls.clear();
        calls.set(text, seen);
        return client.query<T>(text, params, queryOptions);
      }
      calls.delete(text);
    }
    await pg._checkReady();
    // As PGlite's own `query`: never between the statements of a transaction.
    return pg._runExclusiveTransaction(() => pg.runExclusive(() => run<T>(text, params, queryOptions)));
  }

  const transaction: PGlite['transaction'] = async (callback) => {
    await nextTurn();
    return client.transaction(callback);
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
