import { getListItemLabel, getListItemOptions, type List } from '@graphium/shared';
import { useQueries } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responseKeys } from './query-keys';

export async function getList(listId: string): Promise<List> {
  const response = await apiClient.get<List>(`/lists/${encodeURIComponent(listId)}`);
  return response.data;
}

export type ListChoices = {
  status: 'pending' | 'error' | 'success';
  /** The items a filter offers: archived ones excluded (part 2 §5). */
  options: { value: string; label: string }[];
  /** Every item's label by id, archived ones included: old answers still name them. */
  labels: Record<string, string>;
};

/** The items of the lists that list-based choice questions draw on, by list id. */
export function useListChoices(listIds: readonly string[]): Record<string, ListChoices> {
  const unique = [...new Set(listIds)];
  const results = useQueries({
    queries: unique.map((listId) => ({
      queryKey: responseKeys.lookupList(listId),
      queryFn: () => getList(listId),
      select: (list: List) => ({
        options: getListItemOptions(list),
        labels: Object.fromEntries(
          list.listItems.map((item) => [item.listItemId, getListItemLabel(item, list.listProperties)]),
        ),
      }),
    })),
  });
  return Object.fromEntries(
    unique.map((listId, index) => {
      const result = results[index]!;
      return [
        listId,
        {
          status: result.status,
          options: result.data?.options ?? [],
          labels: result.data?.labels ?? {},
        },
      ];
    }),
  );
}
