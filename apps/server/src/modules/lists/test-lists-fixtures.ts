import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';

// What the lists tests share: a list with the store properties, and reading and writing lists.

export type ListBody = {
  listId: string;
  listName: string;
  listDescription: string;
  listState: string;
  listProperties: { id: string; name: string; isDefaultLabel: boolean; active: boolean; type: string }[];
  listItems: { listItemId: string; listItemProperties: Record<string, unknown>; isArchived: boolean }[];
  createdAt: string;
  updatedAt: string;
};

export const storeProperties = [
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

export async function createList(client: TestClient, listName = 'Stores'): Promise<ListBody> {
  const response = await client.post('/api/lists/', { listName, listDescription: 'Our shops' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

export async function addProperty(client: TestClient, listId: string, listProperty: object) {
  const response = await client.post(`/api/lists/${listId}/property`, { listProperty });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; isDefaultLabel: boolean };
}

/** A list with the store properties, owned by a new account. */
export async function storeList(t: TestApp) {
  const { client, startup } = await signUpClient(t.client());
  const list = await createList(client);
  for (const property of storeProperties) await addProperty(client, list.listId, property);
  return { client, startup, list };
}

export async function readList(client: TestClient, listId: string): Promise<ListBody> {
  const response = await client.get(`/api/lists/${listId}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

export const validItem = { code: 'S1', city: 'Paris', size: '12', open: 'true', since: '2020-05-01' };
