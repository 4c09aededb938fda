import type { ApiKeysResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { apiKeyKeys } from './query-keys';

async function getApiKeys(): Promise<ApiKeysResponse> {
  const response = await apiClient.get<ApiKeysResponse>('/customers/api-keys');
  return response.data;
}

function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeyKeys.list(), queryFn: getApiKeys });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
