import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItems, listProperties } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient, type TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ListBody = {
  listId: string;
  listName: string;
  listDescription: string;
  listState: string;
  listProperties: { id: string; name: string; isDefaultLabel: boolean; active: boolean; type: string }[];
  listItems: { listItemId: string; listItemProperties: Record<string, unknown>; isArchived: boolean }[];
  createdAt: string;
  updatedAt: string;
};

const storeProperties = [
  {
    name: 'code',
    displayName: 'Store code',
    description: 'Internal code',
    type: 'STRING',
    isDefaultLabel: true,
  },
  { name: 'city', displayName: 'City', description: 'Where it is', type: 'STRING' },
  { name: 'size', displayName: 'Head count', description: 'People working there', type: 'NUMBER' },
  { name: 'open', displayName: 'Open', description: 'Open on Sundays', type: 'BOOLEAN' },
  { name: 'since', displayName: 'Since', description: 'Opening date', type: 'DATE' },
];

async function createList(client: TestClient, listName = 'Stores'): Promise<ListBody> {
  const response = await client.post('/api/lists/', { listName, listDescription: 'Our shops' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function addProperty(client: TestClient, listId: string, listProperty: object) {
  const response = await client.post(`/api/lists/${listId}/property`, { listProperty });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; isDefaultLabel: boolean };
}

/** A list with the store properties, owned by a new account. */
async function storeList() {
  const { client, startup } = await signUpClient(t.client());
  const list = await createList(client);
  for (const property of storeProperties) await addProperty(client, list.listId, property);
  return { client, startup, list };
}

async function readList(client: TestClient, listId: string): Promise<ListBody> {
  const response = await client.get(`/api/lists/${listId}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const validItem = { code: 'S1', city: 'Paris', size: '12', open: 'true', since: '2020-05-01' };

describe('lists', () => {
  it('creates a draft list (201) and lists it with its property count', async () => {
    const { client } = await signUpClient(t.client());
    const created = await createList(client, '  Regions ');
    expect(created).toMatchObject({
      listName: 'Regions',
      listDescription: 'Our shops',
      listState: 'DRAFT',
      listProperties: [],
      listItems: [],
    });
    await addProperty(client, created.listId, storeProperties[1]!);

    const response = await client.get('/api/lists/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      lists: [
        {
          listId: created.listId,
          listName: 'Regions',
          listDescription: 'Our shops',
          listState: 'DRAFT',
          listPropertiesCount: 1,
          listItemsCount: 0,
          createdAt: created.createdAt,
          updatedAt: expect.any(String),
        },
      ],
    });
    expect((await readList(client, created.listId)).listProperties).toHaveLength(1);
  });

  it('refuses a bad list name with the form messages and creates nothing', async () => {
    const { client } = await signUpClient(t.client());
    for (const [listName, message] of [
      ['', 'List name is required'],
      ['A', 'List name must be at least 2 characters'],
      ['x'.repeat(100), 'List name must be less than 100 characters'],
    ]) {
      const response = await client.post('/api/lists/', { listName });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual({ listName: message });
    }
    expect((await client.get('/api/lists/')).json()).toEqual({ lists: [] });
  });

  it('edits the name and description and moves updatedAt', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    t.setNow(new Date(Date.now() + 60_000));
    try {
      const response = await client.patch(`/api/lists/${list.listId}`, {
        listName: 'Shops',
        listDescription: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ listName: 'Shops', listDescription: '' });
      expect(new Date(response.json().updatedAt).getTime()).toBeGreaterThan(
        new Date(list.updatedAt).getTime(),
      );
      const refused = await client.patch(`/api/lists/${list.listId}`, { listName: 'S' });
      expect(refused.statusCode).toBe(400);
      expect((await readList(client, list.listId)).listName).toBe('Shops');
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('list states (part 1 §4)', () => {
  it('publishes, unpublishes, republishes and archives; refuses the other transitions with 409', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    const setState = (stateCode: string) => client.patch(`/api/lists/${list.listId}/state`, { stateCode });

    const early = await setState('UNPUBLISHED');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'CONFLICT',
      message: 'Only a published list can be unpublished.',
    });
    expect((await setState('PUBLISHED')).json().listState).toBe('PUBLISHED');
    expect((await setState('PUBLISHED')).json().message).toBe('This list is already published.');
    expect((await setState('DRAFT')).statusCode).toBe(409);
    expect((await setState('UNPUBLISHED')).json().listState).toBe('UNPUBLISHED');
    expect((await setState('PUBLISHED')).json().listState).toBe('PUBLISHED');
    expect((await setState('ARCHIVED')).json().listState).toBe('ARCHIVED');

    const revived = await setState('PUBLISHED');
    expect(revived.statusCode).toBe(409);
    expect(revived.json().message).toBe('This list is archived and can no longer change.');
    const addToArchived = await client.post(`/api/lists/${list.listId}/property`, {
      listProperty: storeProperties[1],
    });
    expect(addToArchived.statusCode).toBe(409);
    expect((await client.patch(`/api/lists/${list.listId}`, { listName: 'New name' })).statusCode).toBe(409);

    const unknown = await setState('DELETED');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toHaveProperty('stateCode');
    expect((await readList(client, list.listId)).listState).toBe('ARCHIVED');
    expect((await client.get('/api/lists/')).json().lists[0].listState).toBe('ARCHIVED');
  });
});

describe('list properties', () => {
  it('adds a property with the defaults and refuses a duplicate name (409)', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    const response = await client.post(`/api/lists/${list.listId}/property`, {
      listProperty: { name: 'city', displayName: 'City', description: 'Where', type: 'STRING' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'city',
      displayName: 'City',
      description: 'Where',
      type: 'STRING',
      active: true,
      isDefaultLabel: false,
    });
    const duplicate = await client.post(`/api/lists/${list.listId}/property`, {
      listProperty: { name: 'city', displayName: 'Town', description: 'Again', type: 'STRING' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A property named "city" already exists in this list.');
  });

  it('refuses missing fields with the form messages and creates nothing', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    const response = await client.post(`/api/lists/${list.listId}/property`, {
      listProperty: { name: ' ', displayName: '', description: '', type: 'COLOUR' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({
      'listProperty.name': 'Property name is required',
      'listProperty.displayName': 'Display name is required',
      'listProperty.description': 'Description is required',
      'listProperty.type': expect.any(String),
    });
    expect((await readList(client, list.listId)).listProperties).toEqual([]);
  });

  it('keeps at most one default label: choosing one clears the other', async () => {
    const { client } = await signUpClient(t.client());
    const list = await createList(client);
    const first = await addProperty(client, list.listId, { ...storeProperties[0], isDefaultLabel: true });
    const second = await addProperty(client, list.listId, { ...storeProperties[1], isDefaultLabel: true });
    const defaults = async () =>
      (await readList(client, list.listId)).listProperties.filter((p) => p.isDefaultLabel).map((p) => p.id);
    expect(await defaults()).toEqual([second.id]);

    const back = await client.patch(`/api/lists/${list.listId}/property/${first.id}`, {
      listProperty: { isDefaultLabel: true },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: first.id, isDefaultLabel: true, name: 'code' });
    expect(await defaults()).toEqual([first.id]);

    // Two switches at once: the list lock puts them one after the other, and one default remains.
    const both = await Promise.all(
      [first.id, second.id].map((id) =>
        client.patch(`/api/lists/${list.listId}/property/${id}`, { listProperty: { isDefaultLabel: true } }),
      ),
    );
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const rows = await t.ctx.db
      .select()
      .from(listProperties)
      .where(and(eq(listProperties.listId, list.listId), eq(listProperties.isDefaultLabel, true)));
    expect(rows).toHaveLength(1);
  });

  it('edits a property: a rename carries the values, a type change converts them or is refused', async () => {
    const { client, list } = await storeList();
    const item = await client.post(`/api/lists/${list.listId}/item`, { listItemProperties: validItem });
    expect(item.statusCode).toBe(201);
    const [code, city, size] = (await readList(client, list.listId)).listProperties;

    const renamed = await client.patch(`/api/lists/${list.listId}/property/${city!.id}`, {
      listProperty: { name: 'town', displayName: 'Town', active: false },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'town', displayName: 'Town', active: false });
    const clash = await client.patch(`/api/lists/${list.listId}/property/${size!.id}`, {
      listProperty: { name: 'code' },
    });
    expect(clash.statusCode).toBe(409);

    const toNumber = await client.patch(`/api/lists/${list.listId}/property/${code!.id}`, {
      listProperty: { type: 'NUMBER' },
    });
    expect(toNumber.statusCode).toBe(409);
    expect(toNumber.json().message).toBe(
      '1 item has a value of Store code that cannot become NUMBER. Change them first.',
    );
    const toText = await client.patch(`/api/lists/${list.listId}/property/${size!.id}`, {
      listProperty: { type: 'STRING' },
    });
    expect(toText.statusCode).toBe(200);

    const [stored] = (await readList(client, list.listId)).listItems;
    expect(stored?.listItemProperties).toEqual({
      code: 'S1',
      town: 'Paris',
      size: '12',
      open: true,
      since: '2020-05-01',
    });
  });
});

describe('list items', () => {
  it('stores typed values and answers 201 with the item', async () => {
    const { client, list } = await storeList();
    const response = await client.post(`/api/lists/${list.listId}/item`, { listItemProperties: validItem });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      listItemId: expect.any(String),
      isArchived: false,
      listItemProperties: { code: 'S1', city: 'Paris', size: 12, open: true, since: '2020-05-01' },
    });
  });

  it('checks every value against its type, keys the messages by property name and stores nothing', async () => {
    const { client, list } = await storeList();
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
        since: 'Since must be a valid date (YYYY-MM-DD)',
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
      listItemProperties: { at: '9am', seen: '2024-01-01 10:00' },
    });
    expect(bad.json().details).toEqual({
      at: 'At must be a valid time (HH:MM)',
      seen: 'Seen must be a valid date and time',
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
    const { client, list } = await storeList();
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
    const { client, list } = await storeList();
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
    const { client, list } = await storeList();
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
    const { client, list } = await storeList();
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

describe('access', () => {
  it('answers 401 to a signed-out caller on every route', async () => {
    const { list } = await storeList();
    const id = list.listId;
    const anonymous = t.client();
    const calls = [
      anonymous.get('/api/lists/'),
      anonymous.get(`/api/lists/${id}`),
      anonymous.post('/api/lists/', { listName: 'Sneaky' }),
      anonymous.patch(`/api/lists/${id}`, { listName: 'Sneaky' }),
      anonymous.patch(`/api/lists/${id}/state`, { stateCode: 'PUBLISHED' }),
      anonymous.post(`/api/lists/${id}/property`, { listProperty: storeProperties[1] }),
      anonymous.patch(`/api/lists/${id}/property/${id}`, { listProperty: { active: false } }),
      anonymous.post(`/api/lists/${id}/item`, { listItemProperties: validItem }),
      anonymous.patch(`/api/lists/${id}/item/${id}`, { isArchived: true }),
      anonymous.post(`/api/lists/${id}/items/import`, { rows: [validItem] }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another workspace's list, property and item on every route", async () => {
    const { client: owner, list } = await storeList();
    const item = (
      await owner.post(`/api/lists/${list.listId}/item`, { listItemProperties: validItem })
    ).json();
    const propertyId =
      list.listProperties[0]?.id ?? (await readList(owner, list.listId)).listProperties[0]!.id;
    const { client: stranger } = await signUpClient(t.client());
    const strangerList = await createList(stranger);
    const id = list.listId;
    const responses = [
      await stranger.get(`/api/lists/${id}`),
      await stranger.patch(`/api/lists/${id}`, { listName: 'Mine now' }),
      await stranger.patch(`/api/lists/${id}/state`, { stateCode: 'PUBLISHED' }),
      await stranger.post(`/api/lists/${id}/property`, {
        listProperty: { ...storeProperties[1], name: 'x' },
      }),
      await stranger.patch(`/api/lists/${id}/property/${propertyId}`, { listProperty: { active: false } }),
      await stranger.post(`/api/lists/${id}/item`, { listItemProperties: validItem }),
      await stranger.patch(`/api/lists/${id}/item/${item.listItemId}`, { isArchived: true }),
      await stranger.post(`/api/lists/${id}/items/import`, { rows: [validItem] }),
      // Through the stranger's own list, the owner's property and item stay unknown too.
      await stranger.patch(`/api/lists/${strangerList.listId}/property/${propertyId}`, {
        listProperty: { active: false },
      }),
      await stranger.patch(`/api/lists/${strangerList.listId}/item/${item.listItemId}`, { isArchived: true }),
      await stranger.get('/api/lists/not-a-uuid'),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 404));
    expect(responses[0]?.json().message).toBe('List not found');
    expect((await stranger.get('/api/lists/')).json().lists.map((l: ListBody) => l.listId)).toEqual([
      strangerList.listId,
    ]);
    const untouched = await readList(owner, id);
    expect(untouched).toMatchObject({ listName: 'Stores', listState: 'DRAFT' });
    expect(untouched.listItems).toEqual([expect.objectContaining({ isArchived: false })]);
    expect(untouched.listProperties.every((property) => property.active)).toBe(true);
  });

  it('lets a viewer read but not change (403)', async () => {
    const { client: admin, list } = await storeList();
    const invitee = newSignUp();
    const invitation = await admin.post('/api/workspaces/invite', {
      emailAddress: invitee.emailAddress,
      role: 'viewer',
    });
    expect(invitation.statusCode).toBe(201);
    const viewer = t.client();
    const joined = await viewer.post('/api/accounts/', {
      ...invitee,
      workspaceInvitationId: invitation.json().workspaceInvitationId,
    });
    expect(joined.statusCode).toBe(201);

    expect((await viewer.get(`/api/lists/${list.listId}`)).statusCode).toBe(200);
    expect((await viewer.get('/api/lists/')).json().lists).toHaveLength(1);
    const refused = await viewer.post('/api/lists/', { listName: 'Viewer list' });
    expect(refused.statusCode).toBe(403);
    expect(
      (await viewer.patch(`/api/lists/${list.listId}/state`, { stateCode: 'PUBLISHED' })).statusCode,
    ).toBe(403);
    expect((await admin.get('/api/lists/')).json().lists).toHaveLength(1);
  });
});
