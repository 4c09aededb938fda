import type { List, ListItem, ListProperty } from '@graphium/shared';

// Test data for the lists feature's component tests.

export const listId = '5a0c1d2e-3f40-4b51-9c62-7d8e9fa0b1c2';

function buildProperty(overrides: Partial<ListProperty> & Pick<ListProperty, 'id' | 'name'>): ListProperty {
  return {
    displayName: overrides.name,
    description: `About ${overrides.name}`,
    type: 'STRING',
    active: true,
    isDefaultLabel: false,
    ...overrides,
  };
}

export const storeProperties: ListProperty[] = [
  buildProperty({
    id: '6b1d2e3f-4051-4c62-8d73-8e9fa0b1c2d3',
    name: 'code',
    displayName: 'Store code',
    isDefaultLabel: true,
  }),
  buildProperty({
    id: '7c2e3f40-5162-4d73-9e84-9fa0b1c2d3e4',
    name: 'size',
    displayName: 'Head count',
    type: 'NUMBER',
  }),
  buildProperty({
    id: '8d3f4051-6273-4e84-8f95-a0b1c2d3e4f5',
    name: 'open',
    displayName: 'Open',
    type: 'BOOLEAN',
  }),
  buildProperty({
    id: '9e405162-7384-4f95-90a6-b1c2d3e4f5a6',
    name: 'since',
    displayName: 'Since',
    type: 'DATE',
  }),
  buildProperty({
    id: 'af516273-8495-40a6-a1b7-c2d3e4f5a6b7',
    name: 'legacy',
    displayName: 'Legacy code',
    active: false,
  }),
];

export function buildItem(
  id: number,
  listItemProperties: ListItem['listItemProperties'],
  isArchived = false,
): ListItem {
  return {
    listItemId: `b0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    listItemProperties,
    isArchived,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

export function buildList(overrides: Partial<List> = {}): List {
  return {
    listId,
    listName: 'Stores',
    listDescription: 'Our shops',
    listState: 'DRAFT',
    listProperties: storeProperties,
    listItems: [
      buildItem(1, { code: 'S1', size: 12, open: true, since: '2020-05-01', legacy: 'L1' }),
      buildItem(2, { code: 'S2', size: 3, open: false, since: '2021-06-02' }, true),
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
