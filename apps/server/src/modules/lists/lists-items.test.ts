import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItems } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { addProperty, createList, readList, storeList, validItem } from './test-lists-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('list items', () => {
  it('stores typed values and answers 201 with the item', async () => {
    const { client, list } = await storeList(t);
    const response = await client.post(`/api/lists/${list.listId}/item`, { listItemProperties: validItem });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      listItemId: expect.any(String),
      isArchived: false,
      listItemProperties: { code: 'S1', city: 'Paris', size: 12, open: true, since: '2020-05-01' },
    });
  });

  it('checks every value against its type, keys the messages by property name and stores nothing', async () => {
    const { client, list } = await storeList(t);
    const response = await client.post(`/api/lists/${list.listId}/item`, {
      listItemProperties: { code: '', size: 'twelve', open: 'yes', since: '2020-13-01', colour: 'red' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION',
      details: {
        code: 'Store code is required',
        city: 'City is required',
        size: 'Head count must be a valid number',
        open: 'Open must be true or false',
        since: 'Since must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
        colour: 'Unknown property "colour"',
      },
    });
    expect((await readList(client, list.listId)).listItems).toEqual([]);
  });

  it('checks times and timestamps too', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    await addProperty(client, list.listId, { name: 'at', displayName: 'At', description: 'd', type: 'TIME' });
    await addProperty(client, list.listId, {
      name: 'seen',
      displayName: 'Seen',
      description: 'd',
      type: 'DATE_TIME',
    });
    const bad = await client.post(`/api/lists/${list.listId}/item`, {
      listItemProperties: { at: '9am', seen: '2024-01-01 at 10' },
    });
    expect(bad.json().details).toEqual({
      at: 'At must be a valid time (HH:MM)',
      seen: 'Seen must be a valid date and time (YYYY-MM-DDTHH:MM, optionally with seconds and a zone such as Z or +01:00)',
    });
    const good = await client.post(`/api/lists/${list.listId}/item`, {
      listItemProperties: { at: '09:05:30', seen: '2024-01-01T10:00:00+02:00' },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().listItemProperties).toEqual({ at: '09:05:30', seen: '2024-01-01T08:00:00.000Z' });
  });

  it('refuses items before the list has properties', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    const response = await client.post(`/api/lists/${list.listId}/item`, { listItemProperties: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Add properties to this list before adding items.');
  });

  it('edits by merging values, archives and restores an item, and moves the list updatedAt', async () => {
    const { client, list } = await storeList(t);
    const item = (
      await client.post(`/api/lists/${list.listId}/item`, { listItemProperties: validItem })
    ).json();
    const before = (await readList(client, list.listId)).updatedAt;
    const url = `/api/lists/${list.listId}/item/${item.listItemId}`;

    t.setNow(new Date(Date.now() + 60_000));
    try {
      const edited = await client.patch(url, { listItemProperties: { city: 'Lyon', size: 15 } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().listItemProperties).toEqual({ ...validItem, city: 'Lyon', size: 15, open: true });

      const refused = await client.patch(url, { listItemProperties: { city: '' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual({ city: 'City is required' });

      expect((await client.patch(url, { isArchived: true })).json().isArchived).toBe(true);
      expect((await client.get('/api/lists/')).json().lists[0].listItemsCount).toBe(0);
      expect((await client.patch(url, { isArchived: false })).json().isArchived).toBe(false);
    } finally {
      t.setNow(undefined);
    }
    const after = await readList(client, list.listId);
    expect(after.listItems[0]).toMatchObject({ isArchived: false, listItemProperties: { city: 'Lyon' } });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect((await client.patch(url, {})).statusCode).toBe(400);
  });
});

describe('CSV import (POST /lists/{id}/items/import)', () => {
  const rows = [
    { 'Store code': 'A1', City: 'Paris', 'Head count': '3', Open: 'true', since: '2021-01-01' },
    { 'Store code': 'A2', City: '', 'Head count': 'x', Open: 'false', since: '2021-01-02' },
    { 'Store code': 'A3', City: 'Rome', 'Head count': '5', Open: '', since: '2021-01-03' },
  ];

  it('reports per-row errors on a dry run and writes nothing', async () => {
    const { client, list } = await storeList(t);
    const before = await readList(client, list.listId);
    t.setNow(new Date(Date.now() + 60_000));
    const response = await client
      .post(`/api/lists/${list.listId}/items/import`, { rows, dryRun: true })
      .finally(() => t.setNow(undefined));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: true,
      rowCount: 3,
      validRowCount: 2,
      columns: { 'Store code': 'code', City: 'city', 'Head count': 'size', Open: 'open', since: 'since' },
      columnErrors: {},
      rowErrors: [
        { row: 2, errors: { city: 'City is required', size: 'Head count must be a valid number' } },
      ],
      importedCount: 0,
    });
    expect(await readList(client, list.listId)).toEqual(before);
  });

  it('imports all the rows or none', async () => {
    const { client, list } = await storeList(t);
    const url = `/api/lists/${list.listId}/items/import`;
    const failed = await client.post(url, { rows });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({
      message: '1 of 3 rows have errors. Nothing was imported.',
      details: { 'rows.2.city': 'City is required', 'rows.2.size': 'Head count must be a valid number' },
    });
    const unknownColumn = await client.post(url, { rows: [{ ...validItem, colour: 'red' }] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().details).toEqual({
      'columns.colour': 'Column "colour" matches no property of this list',
    });
    expect((await readList(client, list.listId)).listItems).toEqual([]);

    const fixed = rows.map((row, index) => (index === 1 ? { ...row, City: 'Oslo', 'Head count': '4' } : row));
    const imported = await client.post(url, { rows: fixed, dryRun: false });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ dryRun: false, rowCount: 3, validRowCount: 3, importedCount: 3 });
    const items = (await readList(client, list.listId)).listItems;
    expect(items.map((item) => item.listItemProperties)).toEqual([
      { code: 'A1', city: 'Paris', size: 3, open: true, since: '2021-01-01' },
      { code: 'A2', city: 'Oslo', size: 4, open: false, since: '2021-01-02' },
      { code: 'A3', city: 'Rome', size: 5, open: false, since: '2021-01-03' },
    ]);
  });

  it('takes 10,000 rows over the default 1 MB body limit, in file order, and refuses more', async () => {
    const { client, list } = await storeList(t);
    const url = `/api/lists/${list.listId}/items/import`;
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      code: `C${index}`,
      city: `City number ${index} with a rather long name to make the body larger`,
      size: String(index),
      since: '2022-02-02',
    }));
    expect(JSON.stringify({ rows: many }).length).toBeGreaterThan(1024 * 1024);
    const imported = await client.post(url, { rows: many });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().importedCount).toBe(10_000);
    const stored = await t.ctx.db.select().from(listItems).where(eq(listItems.listId, list.listId));
    expect(stored).toHaveLength(10_000);
    const items = (await readList(client, list.listId)).listItems;
    expect(items.slice(0, 3).map((item) => item.listItemProperties.code)).toEqual(['C0', 'C1', 'C2']);
    expect(items.at(-1)?.listItemProperties.code).toBe('C9999');

    const tooMany = await client.post(url, { rows: [...many, many[0]], dryRun: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.rows).toBe(
      'You can import at most 10,000 rows at a time. Split the file and import it in parts.',
    );
    const empty = await client.post(url, { rows: [] });
    expect(empty.json().details.rows).toBe('The file has no rows to import.');
  }, 60_000);
});
