import { getListItemLabel, type RespondentList } from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import { findListItems, findWorkspaceListIds, type ListItemsOfList } from './lists.repository.js';

// What other modules read of lists: the items that survey properties and list-based questions
// name, by id and by label.

/** Items of lists by id and by label, as ListItem values and list-based answers name them. */
export interface ListLookup {
  /** An active item named by its id or, ignoring case, by its label (when only one has it). */
  resolveListItem(listId: string, value: string): string | undefined;
  labelOf(listId: string, itemId: string): string | undefined;
  itemIds(listId: string): ReadonlySet<string>;
  /** The respondent's `lists` (docs/product-rules.md#the-respondent-page): active items with their labels. */
  respondentLists(): RespondentList[];
}

function buildListLookup(lists: ListItemsOfList[]): ListLookup {
  const byList = new Map(
    lists.map((list) => {
      const labels = new Map<string, string>();
      const byLabel = new Map<string, string | null>();
      for (const item of list.items) {
        const values = Object.fromEntries(
          Object.entries(item.properties).filter(
            (entry): entry is [string, string | number | boolean] => entry[1] !== null,
          ),
        );
        const label = getListItemLabel({ listItemId: item.id, listItemProperties: values }, list.properties);
        labels.set(item.id, label);
        const key = label.trim().toLowerCase();
        // Two items with one label: neither can be named by it.
        byLabel.set(key, byLabel.has(key) ? null : item.id);
      }
      return [list.listId, { labels, byLabel, ids: new Set(labels.keys()) }] as const;
    }),
  );
  return {
    resolveListItem(listId, value) {
      const list = byList.get(listId);
      if (!list) return undefined;
      if (list.ids.has(value)) return value;
      return list.byLabel.get(value.trim().toLowerCase()) ?? undefined;
    },
    labelOf: (listId, itemId) => byList.get(listId)?.labels.get(itemId),
    itemIds: (listId) => byList.get(listId)?.ids ?? new Set(),
    respondentLists: () =>
      [...byList].map(([listId, list]) => ({
        listId,
        listItems: [...list.labels].map(([listItemId, label]) => ({ listItemId, label })),
      })),
  };
}

/**
 * The lookup of the workspace's lists among `listIds`: their active items, and the archived ones
 * too when asked (old answers in reports and exports still name them).
 */
export async function loadListLookup(
  db: Executor,
  workspaceId: string,
  listIds: string[],
  options: { includeArchived: boolean } = { includeArchived: false },
): Promise<ListLookup> {
  return buildListLookup(listIds.length > 0 ? await findListItems(db, workspaceId, listIds, options) : []);
}

/** The ids among `listIds` of the workspace's own lists (another workspace's are unknown). */
export function findOwnListIds(db: Executor, workspaceId: string, listIds: string[]): Promise<Set<string>> {
  return findWorkspaceListIds(db, workspaceId, listIds);
}
