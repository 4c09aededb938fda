import type { ListsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** `GET /lists/`: the workspace's lists, for the lists page and for choosing a list in a template. */
async function getLists(): Promise<ListsResponse> {
  const response = await apiClient.get<ListsResponse>('/lists/');
  return response.data;
}

function listsQueryOptions() {
  return queryOptions({ queryKey: listKeys.summaries(), queryFn: getLists });
}

export function useLists() {
  return useQuery(listsQueryOptions());
}
