import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProperties } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import {
  addProperty,
  createList,
  readList,
  storeList,
  storeProperties,
  validItem,
} from './test-lists-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

describe('list states (docs/product-rules.md#lookup-lists)', () => {
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
    const { client, list } = await storeList(t);
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
