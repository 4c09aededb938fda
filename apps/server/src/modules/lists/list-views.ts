import type { List, ListItem, ListItemValues, ListProperty } from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import {
  findItems,
  findProperties,
  type ListItemRow,
  type ListPropertyRow,
  type ListRow,
} from './lists.repository.js';

// Lists as the API answers them, from their rows.

export function toProperty(row: ListPropertyRow): ListProperty {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    type: row.type,
    active: row.active,
    isDefaultLabel: row.isDefaultLabel,
  };
}

export function toItem(row: ListItemRow): ListItem {
  const values: ListItemValues = {};
  for (const [name, value] of Object.entries(row.properties)) {
    if (value !== null) values[name] = value;
  }
  return {
    listItemId: row.id,
    listItemProperties: values,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toList(row: ListRow, properties: ListPropertyRow[], items: ListItemRow[]): List {
  return {
    listId: row.id,
    listName: row.name,
    listDescription: row.description,
    listState: row.state,
    listProperties: properties.map(toProperty),
    listItems: items.map(toItem),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadList(db: Executor, row: ListRow): Promise<List> {
  const [properties, items] = await Promise.all([findProperties(db, row.id), findItems(db, row.id)]);
  return toList(row, properties, items);
}
