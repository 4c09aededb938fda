import type { ListItemValues } from '@graphium/shared';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { listItems, listProperties, lists } from '../../db/schema/index.js';

export type ListRow = typeof lists.$inferSelect;
export type ListPropertyRow = typeof listProperties.$inferSelect;
export type ListItemRow = typeof listItems.$inferSelect;

export interface ListItemsOfList {
  listId: string;
  properties: { name: string; isDefaultLabel: boolean }[];
  items: { id: string; properties: Record<string, string | number | boolean | null> }[];
}

/** The workspace's lists, newest first, with their property count and active item count. */
export async function findListSummaries(db: Executor, workspaceId: string) {
  const propertyCounts = db
    .select({ listId: listProperties.listId, total: count().as('property_total') })
    .from(listProperties)
    .groupBy(listProperties.listId)
    .as('property_counts');
  const itemCounts = db
    .select({ listId: listItems.listId, total: count().as('item_total') })
    .from(listItems)
    .where(eq(listItems.isArchived, false))
    .groupBy(listItems.listId)
    .as('item_counts');
  return db
    .select({
      list: lists,
      propertiesCount: sql<number>`coalesce(${propertyCounts.total}, 0)`.mapWith(Number),
      itemsCount: sql<number>`coalesce(${itemCounts.total}, 0)`.mapWith(Number),
    })
    .from(lists)
    .leftJoin(propertyCounts, eq(propertyCounts.listId, lists.id))
    .leftJoin(itemCounts, eq(itemCounts.listId, lists.id))
    .where(eq(lists.workspaceId, workspaceId))
    .orderBy(desc(lists.createdAt), asc(lists.id));
}

/** A list of this workspace; `forUpdate` locks it so writes under one list run one at a time. */
export async function findList(
  db: Executor,
  workspaceId: string,
  listId: string,
  forUpdate = false,
): Promise<ListRow | undefined> {
  const query = db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.workspaceId, workspaceId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertList(
  db: Executor,
  values: Pick<ListRow, 'workspaceId' | 'name' | 'description'>,
): Promise<ListRow> {
  const [row] = await db.insert(lists).values(values).returning();
  return row!;
}

export async function updateList(
  db: Executor,
  listId: string,
  changes: Partial<Pick<ListRow, 'name' | 'description' | 'state'>>,
  now: Date,
): Promise<ListRow> {
  const [row] = await db
    .update(lists)
    .set({ ...changes, updatedAt: now })
    .where(eq(lists.id, listId))
    .returning();
  return row!;
}

export async function findProperties(db: Executor, listId: string): Promise<ListPropertyRow[]> {
  return db
    .select()
    .from(listProperties)
    .where(eq(listProperties.listId, listId))
    .orderBy(asc(listProperties.position), asc(listProperties.createdAt), asc(listProperties.id));
}

export async function insertProperty(
  db: Executor,
  values: Pick<
    ListPropertyRow,
    'listId' | 'name' | 'displayName' | 'description' | 'type' | 'active' | 'isDefaultLabel' | 'position'
  >,
): Promise<ListPropertyRow> {
  const [row] = await db.insert(listProperties).values(values).returning();
  return row!;
}

export async function updateProperty(
  db: Executor,
  propertyId: string,
  changes: Partial<
    Pick<ListPropertyRow, 'name' | 'displayName' | 'description' | 'type' | 'active' | 'isDefaultLabel'>
  >,
  now: Date,
): Promise<ListPropertyRow> {
  const [row] = await db
    .update(listProperties)
    .set({ ...changes, updatedAt: now })
    .where(eq(listProperties.id, propertyId))
    .returning();
  return row!;
}

/** Clears the list's default label except on `keepPropertyId` (the unique partial index allows one). */
export async function clearDefaultLabel(
  db: Executor,
  listId: string,
  keepPropertyId: string | undefined,
  now: Date,
) {
  await db
    .update(listProperties)
    .set({ isDefaultLabel: false, updatedAt: now })
    .where(
      and(
        eq(listProperties.listId, listId),
        eq(listProperties.isDefaultLabel, true),
        keepPropertyId ? ne(listProperties.id, keepPropertyId) : undefined,
      ),
    );
}

/** Moves every item's value from one property name to another (a property was renamed). */
export async function renameItemValues(db: Executor, listId: string, from: string, to: string, now: Date) {
  await db
    .update(listItems)
    .set({
      properties: sql`(${listItems.properties} - ${from}::text) || jsonb_build_object(${to}::text, ${listItems.properties} -> ${from}::text)`,
      updatedAt: now,
    })
    .where(and(eq(listItems.listId, listId), sql`${listItems.properties} ? ${from}::text`));
}

export async function findItems(db: Executor, listId: string): Promise<ListItemRow[]> {
  return db
    .select()
    .from(listItems)
    .where(eq(listItems.listId, listId))
    .orderBy(asc(listItems.createdAt), asc(listItems.id));
}

export async function findItem(
  db: Executor,
  listId: string,
  itemId: string,
): Promise<ListItemRow | undefined> {
  const [row] = await db
    .select()
    .from(listItems)
    .where(and(eq(listItems.id, itemId), eq(listItems.listId, listId)));
  return row;
}

export async function insertItem(db: Executor, listId: string, values: ListItemValues): Promise<ListItemRow> {
  const [row] = await db.insert(listItems).values({ listId, properties: values }).returning();
  return row!;
}

const importBatchSize = 500;

/**
 * Inserts many items in the caller's transaction. `now()` is the transaction's start, so each row
 * gets one more microsecond: the items keep the file's order.
 */
export async function insertItems(db: Executor, listId: string, items: ListItemValues[]): Promise<number> {
  for (let start = 0; start < items.length; start += importBatchSize) {
    const batch = items.slice(start, start + importBatchSize).map((properties, offset) => ({
      listId,
      properties,
      createdAt: sql`now() + make_interval(secs => ${(start + offset) / 1_000_000}::double precision)`,
      updatedAt: sql`now()`,
    }));
    await db.insert(listItems).values(batch);
  }
  return items.length;
}

export async function updateItem(
  db: Executor,
  itemId: string,
  changes: Partial<Pick<ListItemRow, 'properties' | 'isArchived'>>,
  now: Date,
): Promise<ListItemRow> {
  const [row] = await db
    .update(listItems)
    .set({ ...changes, updatedAt: now })
    .where(eq(listItems.id, itemId))
    .returning();
  return row!;
}

/**
 * The items of the workspace's lists among `listIds`, with their properties; archived ones only
 * when asked (old answers in reports and exports still name them).
 */
export async function findListItems(
  db: Executor,
  workspaceId: string,
  listIds: string[],
  options: { includeArchived: boolean },
): Promise<ListItemsOfList[]> {
  const ids = [...(await findWorkspaceListIds(db, workspaceId, listIds))];
  if (ids.length === 0) return [];
  const [propertyRows, itemRows] = await Promise.all([
    db
      .select({
        listId: listProperties.listId,
        name: listProperties.name,
        isDefaultLabel: listProperties.isDefaultLabel,
      })
      .from(listProperties)
      .where(inArray(listProperties.listId, ids))
      .orderBy(listProperties.position, listProperties.createdAt, listProperties.id),
    db
      .select({ listId: listItems.listId, id: listItems.id, properties: listItems.properties })
      .from(listItems)
      .where(
        options.includeArchived
          ? inArray(listItems.listId, ids)
          : and(inArray(listItems.listId, ids), eq(listItems.isArchived, false)),
      )
      .orderBy(listItems.createdAt, listItems.id),
  ]);
  return ids.map((listId) => ({
    listId,
    properties: propertyRows.filter((row) => row.listId === listId),
    items: itemRows.filter((row) => row.listId === listId),
  }));
}

/** The ids among `listIds` of lists that belong to the workspace. */
export async function findWorkspaceListIds(
  db: Executor,
  workspaceId: string,
  listIds: string[],
): Promise<Set<string>> {
  if (listIds.length === 0) return new Set();
  const rows = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.workspaceId, workspaceId), inArray(lists.id, listIds)));
  return new Set(rows.map((row) => row.id));
}
