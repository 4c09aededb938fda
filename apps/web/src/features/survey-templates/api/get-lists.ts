import type { ListsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';

/** The workspace's lookup lists, for ListItem properties and list-based options. */
export async function getLookupLists(): Promise<ListsResponse> {
  const response = await apiClient.get<ListsResponse>('/lists/');
  return response.data;
}

export function lookupListsQueryOptions() {
  return queryOptions({ queryKey: templateKeys.lookupLists(), queryFn: getLookupLists });
}

export function useLookupLists() {
  return useQuery(lookupListsQueryOptions());
}
