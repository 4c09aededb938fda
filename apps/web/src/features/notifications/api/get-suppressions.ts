import type { SuppressionsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

async function getSuppressions(): Promise<SuppressionsResponse> {
  const response = await apiClient.get<SuppressionsResponse>('/workspace/suppressions');
  return response.data;
}

function suppressionsQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.suppressions(), queryFn: getSuppressions });
}

export function useSuppressions() {
  return useQuery(suppressionsQueryOptions());
}
