import { getListItemLabel, getListItemOptions, type List } from '@graphium/shared';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

/**
 * `GET /lists/{id}`: one list with its properties and items. Every screen that needs a list (its
 * settings page, a template's list-based questions, the send form, the response filters) reads it
 * through here, under one cache key, so a change to a list reaches all of them (decision 009).
 */
async function getList(listId: string): Promise<List> {
  const response = await apiClient.get<List>(`/lists/${encodeURIComponent(listId)}`);
  return response.data;
}

function listQueryOptions(listId: string) {
  return queryOptions({ queryKey: listKeys.detail(listId), queryFn: () => getList(listId) });
}

/** One list; none asked while `listId` is not known yet. */
export function useList(listId: string | undefined) {
  return useQuery({ ...listQueryOptions(listId ?? ''), enabled: Boolean(listId) });
}

type ListsState<T> = { status: 'pending' | 'error' | 'success'; data: T | undefined; error: unknown };

/** Several lists at once, each shaped by `select`, by list id. */
function useListsById<T>(
  listIds: readonly string[],
  select: (list: List) => T,
): Record<string, ListsState<T>> {
  const unique = [...new Set(listIds)];
  const results = useQueries({ queries: unique.map((listId) => ({ ...listQueryOptions(listId), select })) });
  return Object.fromEntries(
    unique.map((listId, index) => {
      const result = results[index]!;
      return [listId, { status: result.status, data: result.data as T | undefined, error: result.error }];
    }),
  );
}

export type ListOption = { value: string; label: string };
export type ListOptionsState = {
  status: 'pending' | 'error' | 'success';
  options: ListOption[];
  error: unknown;
};

/**
 * The non-archived items of each list, labelled by the list's default-label property
 * (docs/product-rules.md#lookup-lists).
 */
export function useListOptions(listIds: readonly string[]): Record<string, ListOptionsState> {
  const lists = useListsById(listIds, getListItemOptions);
  return Object.fromEntries(
    Object.entries(lists).map(([listId, { status, data, error }]) => [
      listId,
      { status, options: data ?? [], error },
    ]),
  );
}

export type ListChoices = {
  status: 'pending' | 'error' | 'success';
  /** The items a filter offers: archived ones excluded (docs/product-rules.md#lookup-lists). */
  options: ListOption[];
  /** Every item's label by id, archived ones included: old answers still name them. */
  labels: Record<string, string>;
};

function choicesOf(list: List) {
  return {
    options: getListItemOptions(list),
    labels: Object.fromEntries(
      list.listItems.map((item) => [item.listItemId, getListItemLabel(item, list.listProperties)]),
    ),
  };
}

/** The items of the lists that list-based choice questions draw on, by list id. */
export function useListChoices(listIds: readonly string[]): Record<string, ListChoices> {
  const lists = useListsById(listIds, choicesOf);
  return Object.fromEntries(
    Object.entries(lists).map(([listId, { status, data }]) => [
      listId,
      { status, options: data?.options ?? [], labels: data?.labels ?? {} },
    ]),
  );
}
