import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient } from '../../test/test-client.js';
import {
  createList,
  type ListBody,
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

describe('access', () => {
  it('answers 401 to a signed-out caller on every route', async () => {
    const { list } = await storeList(t);
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
    const { client: owner, list } = await storeList(t);
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
    const { client: admin, list } = await storeList(t);
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
