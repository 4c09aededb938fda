import { getListItemOptions, type List } from '@graphium/shared';
import { useQueries } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { sendSurveyKeys } from './query-keys';

export async function getList(listId: string): Promise<List> {
  const response = await apiClient.get<List>(`/lists/${encodeURIComponent(listId)}`);
  return response.data;
}

export type ListOption = { value: string; label: string };
export type ListOptionsState = {
  status: 'pending' | 'error' | 'success';
  options: ListOption[];
  error: unknown;
};

/** The non-archived items of each list, labelled by the list's default-label property (part 2 §5). */
export function useListOptions(listIds: readonly string[]): Record<string, ListOptionsState> {
  const unique = [...new Set(listIds)];
  const results = useQueries({
    queries: unique.map((listId) => ({
      queryKey: sendSurveyKeys.list(listId),
      queryFn: () => getList(listId),
      select: getListItemOptions,
    })),
  });
  return Object.fromEntries(
    unique.map((listId, index) => {
      const result = results[index]!;
      return [listId, { status: result.status, options: result.data ?? [], error: result.error }];
    }),
  );
}
