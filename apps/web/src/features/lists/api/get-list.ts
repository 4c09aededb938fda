import type { List } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

export async function getList(listId: string): Promise<List> {
  const response = await apiClient.get<List>(`/lists/${encodeURIComponent(listId)}`);
  return response.data;
}

export function listQueryOptions(listId: string) {
  return queryOptions({ queryKey: listKeys.detail(listId), queryFn: () => getList(listId) });
}

export function useList(listId: string) {
  return useQuery(listQueryOptions(listId));
}
