import {
  type CreateList,
  getListTransitionError,
  type ImportListItemsResult,
  type List,
  type ListItem,
  type ListItemValues,
  type ListProperty,
  type ListPropertyValues,
  type ListState,
  type ListsResponse,
  parseListItemValue,
  type RawListItemValues,
  type UpdateList,
  type UpdateListProperty,
  validateImportRows,
  validateListItemValues,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadList, toItem, toList, toProperty } from './list-views.js';
import {
  clearDefaultLabel,
  findItem,
  findItems,
  findList,
  findListSummaries,
  findProperties,
  insertItem,
  insertItems,
  insertList,
  insertProperty,
  type ListItemRow,
  type ListRow,
  renameItemValues,
  updateItem,
  updateList,
  updateProperty,
} from './lists.repository.js';

const listNotFound = () => notFound('List not found');
/** Row errors a reply carries at most; the counts always cover every row. */
const maxReportedRowErrors = 500;

/** A 400 whose message names the first problems and whose details hold them all. */
function invalidValues(errors: Record<string, string>) {
  const messages = Object.values(errors);
  const more = messages.length > 3 ? ` (and ${messages.length - 3} more)` : '';
  return invalid(`${messages.slice(0, 3).join('; ')}${more}`, errors);
}

const listTarget = (list: Pick<ListRow, 'id' | 'name'>) => ({ type: 'list', id: list.id, label: list.name });

/**
 * Runs a change to one list in a transaction: the list is locked (so concurrent writes, such as two
 * default-label switches, run one after the other), must belong to the actor's workspace and must
 * not be archived; its updatedAt moves with every change under it (not for a read-only check).
 */
async function changeList<T>(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  change: (tx: Executor, list: ListRow, now: Date) => Promise<T>,
  { isReadOnly = false }: { isReadOnly?: boolean } = {},
): Promise<T> {
  if (!isUuid(listId)) throw listNotFound();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const list = await findList(tx, actor.workspaceId, listId, true);
    if (!list) throw listNotFound();
    if (list.state === 'ARCHIVED') throw conflict('This list is archived and can no longer change.');
    const result = await change(tx, list, now);
    if (!isReadOnly) await updateList(tx, list.id, {}, now);
    return result;
  });
}

/** `GET /lists/`. */
export async function listLists(ctx: AppContext, actor: WorkspaceActor): Promise<ListsResponse> {
  const rows = await findListSummaries(ctx.db, actor.workspaceId);
  return {
    lists: rows.map(({ list, propertiesCount, itemsCount }) => ({
      listId: list.id,
      listName: list.name,
      listDescription: list.description,
      listState: list.state,
      listPropertiesCount: propertiesCount,
      listItemsCount: itemsCount,
      createdAt: list.createdAt.toISOString(),
      updatedAt: list.updatedAt.toISOString(),
    })),
  };
}

/** `GET /lists/{id}`: another workspace's list is not found. */
export async function getList(ctx: AppContext, actor: WorkspaceActor, listId: string): Promise<List> {
  if (!isUuid(listId)) throw listNotFound();
  const row = await findList(ctx.db, actor.workspaceId, listId);
  if (!row) throw listNotFound();
  return loadList(ctx.db, row);
}

/** `POST /lists/`: a new list starts as a draft. */
export async function createList(ctx: AppContext, actor: WorkspaceActor, input: CreateList): Promise<List> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertList(tx, {
      workspaceId: actor.workspaceId,
      name: input.listName,
      description: input.listDescription,
    });
    await recordAudit(ctx, tx, actor, 'list.created', listTarget(row));
    return toList(row, [], []);
  });
}

/** `PATCH /lists/{id}`: the Edit List dialog. */
export async function updateListDetails(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  input: UpdateList,
): Promise<List> {
  return changeList(ctx, actor, listId, async (tx, list, now) => {
    const updated = await updateList(
      tx,
      list.id,
      {
        ...(input.listName !== undefined ? { name: input.listName } : {}),
        ...(input.listDescription !== undefined ? { description: input.listDescription ?? '' } : {}),
      },
      now,
    );
    const details = (row: ListRow) => ({ name: row.name, description: row.description });
    await recordAudit(ctx, tx, actor, 'list.changed', listTarget(updated), {
      before: details(list),
      after: details(updated),
    });
    return loadList(tx, updated);
  });
}

/**
 * `PATCH /lists/{id}/state` (docs/product-rules.md#lookup-lists); a refused transition answers 409 with the
 * reason.
 */
export async function changeListState(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  stateCode: ListState,
): Promise<List> {
  if (!isUuid(listId)) throw listNotFound();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const list = await findList(tx, actor.workspaceId, listId, true);
    if (!list) throw listNotFound();
    const refusal = getListTransitionError(list.state, stateCode);
    if (refusal) throw conflict(refusal);
    const updated = await updateList(tx, list.id, { state: stateCode }, now);
    const action = stateCode === 'ARCHIVED' ? 'list.archived' : 'list.changed';
    await recordAudit(ctx, tx, actor, action, listTarget(list), {
      before: { state: list.state },
      after: { state: stateCode },
    });
    return loadList(tx, updated);
  });
}

function duplicateName(name: string) {
  return conflict(`A property named "${name}" already exists in this list.`);
}

/** `POST /lists/{id}/property`: choosing it as the default label clears the previous one. */
export async function addListProperty(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  input: ListPropertyValues,
): Promise<ListProperty> {
  try {
    return await changeList(ctx, actor, listId, async (tx, list, now) => {
      const properties = await findProperties(tx, list.id);
      if (properties.some((property) => property.name === input.name)) throw duplicateName(input.name);
      if (input.isDefaultLabel) await clearDefaultLabel(tx, list.id, undefined, now);
      const position = Math.max(-1, ...properties.map((property) => property.position)) + 1;
      const property = toProperty(await insertProperty(tx, { ...input, listId: list.id, position }));
      await recordAudit(ctx, tx, actor, 'list.changed', listTarget(list), { propertyAdded: property });
      return property;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

/**
 * Converts the items' values of a property whose type changes; refuses (409) when some value
 * does not fit the new type, so no item is left holding a value its property rejects.
 */
async function convertItemValues(
  tx: Executor,
  listId: string,
  property: Pick<ListProperty, 'name' | 'displayName' | 'type'>,
  now: Date,
) {
  const items = await findItems(tx, listId);
  const changes: { item: ListItemRow; values: ListItemValues }[] = [];
  let failures = 0;
  for (const item of items) {
    const value = item.properties[property.name];
    if (value === undefined || value === null) continue;
    const parsed = parseListItemValue(property, value);
    if ('error' in parsed) failures += 1;
    else if (parsed.value !== value) {
      changes.push({ item, values: { ...item.properties, [property.name]: parsed.value } as ListItemValues });
    }
  }
  if (failures > 0) {
    const items = failures === 1 ? '1 item has a value' : `${failures} items have values`;
    throw conflict(
      `${items} of ${property.displayName} that cannot become ${property.type}. Change them first.`,
    );
  }
  for (const { item, values } of changes) await updateItem(tx, item.id, { properties: values }, now);
}

/** `PATCH /lists/{id}/property/{propertyId}`: a rename carries the items' values along. */
export async function editListProperty(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  propertyId: string,
  input: UpdateListProperty,
): Promise<ListProperty> {
  try {
    return await changeList(ctx, actor, listId, async (tx, list, now) => {
      const properties = await findProperties(tx, list.id);
      const current = properties.find((property) => property.id === propertyId);
      if (!current) throw notFound('Property not found');
      const next = { ...current, ...input };
      if (next.name !== current.name) {
        if (properties.some((property) => property.name === next.name)) throw duplicateName(next.name);
        await renameItemValues(tx, list.id, current.name, next.name, now);
      }
      if (next.type !== current.type) await convertItemValues(tx, list.id, next, now);
      if (next.isDefaultLabel && !current.isDefaultLabel)
        await clearDefaultLabel(tx, list.id, current.id, now);
      const updated = toProperty(await updateProperty(tx, current.id, input, now));
      await recordAudit(ctx, tx, actor, 'list.changed', listTarget(list), {
        property: current.name,
        before: toProperty(current),
        after: updated,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.name) throw duplicateName(input.name);
    throw error;
  }
}

/** `POST /lists/{id}/item`: every value is checked against its property's type. */
export async function addListItem(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  values: RawListItemValues,
): Promise<ListItem> {
  return changeList(ctx, actor, listId, async (tx, list) => {
    const properties = await findProperties(tx, list.id);
    if (properties.length === 0) throw conflict('Add properties to this list before adding items.');
    const checked = validateListItemValues(properties, values);
    if (Object.keys(checked.errors).length > 0) throw invalidValues(checked.errors);
    const item = toItem(await insertItem(tx, list.id, checked.values));
    await recordAudit(ctx, tx, actor, 'list.changed', listTarget(list), { itemAdded: item });
    return item;
  });
}

/** `PATCH /lists/{id}/item/{itemId}`: values merge into the stored ones; archive or restore. */
export async function editListItem(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  itemId: string,
  input: { listItemProperties?: RawListItemValues | undefined; isArchived?: boolean | undefined },
): Promise<ListItem> {
  return changeList(ctx, actor, listId, async (tx, list, now) => {
    const item = isUuid(itemId) ? await findItem(tx, list.id, itemId) : undefined;
    if (!item) throw notFound('Item not found');
    const changes: Partial<Pick<ListItemRow, 'properties' | 'isArchived'>> = {};
    if (input.listItemProperties) {
      const properties = await findProperties(tx, list.id);
      const stored = Object.fromEntries(
        Object.entries(item.properties).filter(
          (entry): entry is [string, ListItemValues[string]] => entry[1] !== null,
        ),
      );
      const checked = validateListItemValues(properties, input.listItemProperties, stored);
      if (Object.keys(checked.errors).length > 0) throw invalidValues(checked.errors);
      changes.properties = checked.values;
    }
    if (input.isArchived !== undefined) changes.isArchived = input.isArchived;
    const updated = toItem(await updateItem(tx, item.id, changes, now));
    await recordAudit(ctx, tx, actor, 'list.changed', listTarget(list), {
      before: toItem(item),
      after: updated,
    });
    return updated;
  });
}

/**
 * `POST /lists/{id}/items/import`: checks every row; a dry run reports, a real import writes all
 * the rows in one transaction or, when any row fails, none (400 with the row errors).
 */
export async function importListItems(
  ctx: AppContext,
  actor: WorkspaceActor,
  listId: string,
  input: { rows: RawListItemValues[]; dryRun: boolean },
): Promise<ImportListItemsResult> {
  return changeList(
    ctx,
    actor,
    listId,
    async (tx, list) => {
      const properties = await findProperties(tx, list.id);
      if (properties.length === 0) throw conflict('Add properties to this list before importing items.');
      const checked = validateImportRows(properties, input.rows);
      const hasErrors = Object.keys(checked.columnErrors).length > 0 || checked.rowErrors.length > 0;
      const result: ImportListItemsResult = {
        dryRun: input.dryRun,
        rowCount: input.rows.length,
        validRowCount: checked.items.length,
        columns: checked.columns,
        columnErrors: checked.columnErrors,
        rowErrors: checked.rowErrors.slice(0, maxReportedRowErrors),
        importedCount: 0,
      };
      if (input.dryRun) return result;
      if (hasErrors) {
        const details: Record<string, string> = {};
        for (const [header, message] of Object.entries(checked.columnErrors))
          details[`columns.${header}`] = message;
        for (const { row, errors } of result.rowErrors) {
          for (const [name, message] of Object.entries(errors)) details[`rows.${row}.${name}`] = message;
        }
        const failed = checked.rowErrors.length;
        const problem =
          failed > 0
            ? `${failed} of ${input.rows.length} rows have errors`
            : 'Some columns match no property';
        throw invalid(`${problem}. Nothing was imported.`, details);
      }
      result.importedCount = await insertItems(tx, list.id, checked.items);
      await recordAudit(ctx, tx, actor, 'list.imported', listTarget(list), {
        importedCount: result.importedCount,
      });
      return result;
    },
    { isReadOnly: input.dryRun },
  );
}
