import type { CasesQuery, CasesResponse } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `GET /cases`: one page of the workspace's cases with the filters (decision 019). */
async function getCases(query: CasesQuery): Promise<CasesResponse> {
  const response = await apiClient.get<CasesResponse>('/cases', { params: query });
  return response.data;
}

function casesQueryOptions(query: CasesQuery) {
  return queryOptions({
    queryKey: caseKeys.list(query),
    queryFn: () => getCases(query),
    placeholderData: keepPreviousData,
  });
}

export function useCases(query: CasesQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...casesQueryOptions(query), enabled: options.enabled ?? true });
}
