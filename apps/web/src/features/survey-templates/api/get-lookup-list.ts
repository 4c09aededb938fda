import type { List } from '@graphium/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';

/** One lookup list with its items: the options of a list-based question. */
export async function getLookupList(listId: string): Promise<List> {
  const response = await apiClient.get<List>(`/lists/${listId}`);
  return response.data;
}

export function useLookupList(listId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.lookupList(listId ?? ''),
    queryFn: () => getLookupList(listId ?? ''),
    enabled: Boolean(listId),
  });
}
