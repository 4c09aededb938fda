import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-named-statements.js';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table things (id uuid primary key, name text unique not null, body jsonb,
    at timestamptz, amount numeric, tags text[]);
    insert into things values ('00000000-0000-4000-8000-000000000001', 'one', '{"a":1}', '2026-11-26T10:00:00Z', 1.5, '{x,y}'),
      ('00000000-0000-4000-8000-000000000002', 'two', null, null, null, null);`);
});
afterAll(() => client.close());

async function preparedNames(): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return result.rows.map((row) => row.name);
}

describe('named statements on the embedded database', () => {
  it('answers what PGlite answers, in both row modes, once the text is named', async () => {
    const named = withNamedStatements(client);
    const text =
      'select id, name, body, at, amount, tags from things where id = any($1::uuid[]) order by name';
    const params = [['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']];
    const expected = await client.query(text, params);
    const expectedArrays = await client.query(text, params, { rowMode: 'array' });
    for (let call = 0; call < 3; call += 1) {
      const result = await named.query(text, params);
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
      expect((await named.query(text, params, { rowMode: 'array' })).rows).toEqual(expectedArrays.rows);
    }
    expect((expected.rows[0] as { body: unknown }).body).toEqual({ a: 1 });
    // The text was named on its second call, and only once.
    expect((await preparedNames()).filter((name) => name.startsWith('graphium_'))).toHaveLength(1);
  });

  it('applies the caller parsers and counts the rows a write changed', async () => {
    const named = withNamedStatements(client);
    const text = 'update things set amount = coalesce(amount, 0) + $1 where name = $2 returning at';
    const rawDates = { parsers: { 1184: (value: string) => value } };
    for (let call = 0; call < 3; call += 1) {
      const result = await named.query<{ at: unknown }>(text, [1, 'one'], rawDates);
      expect(result.affectedRows).toBe(1);
      expect(typeof result.rows[0]?.at).toBe('string');
    }
    const none = await named.query(text, [1, 'nobody']);
    expect(none.affectedRows).toBe(0);
    expect(none.rows).toEqual([]);
  });

  it('throws the database error of a named statement and serves the next call', async () => {
    const named = withNamedStatements(client, { namedAfter: 1 });
    const insert = 'insert into things (id, name) values ($1, $2)';
    await expect(named.query(insert, ['00000000-0000-4000-8000-000000000003', 'one'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(named.query(insert, ['not-a-uuid', 'three'])).rejects.toMatchObject({ code: '22P02' });
    const inserted = await named.query(insert, ['00000000-0000-4000-8000-000000000003', 'three']);
    expect(inserted.affectedRows).toBe(1);
    expect(client.isInTransaction()).toBe(false);
  });

  it('never runs between the statements of an open transaction', async () => {
    const named = withNamedStatements(client, { namedAfter: 1 });
    const count = "select count(*)::int as count from things where name like 'tx-%'";
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values ('00000000-0000-4000-8000-000000000009', 'tx-a')");
      await held;
      await tx.query("insert into things (id, name) values ('00000000-0000-4000-8000-00000000000a', 'tx-b')");
    });
    const outside = named.query<{ count: number }>(count);
    release();
    await transaction;
    // It waited for the commit: it saw both rows or, had it run inside, would have seen one.
    expect((await outside).rows[0]?.count).toBe(2);
  });

  it('closes the oldest statements beyond its bound and still answers every text', async () => {
    const named = withNamedStatements(client, { namedAfter: 1, maxStatements: 3 });
    const before = (await preparedNames()).length;
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 6; index += 1) {
        const result = await named.query<{ value: number }>(`select ${index}::int + $1::int as value`, [
          round,
        ]);
        expect(result.rows[0]?.value).toBe(index + round);
      }
    }
    expect((await preparedNames()).length - before).toBe(3);
  });
});
