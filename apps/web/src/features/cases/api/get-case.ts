import type { CaseDetail } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `GET /cases/{id}`: the case with its history. */
async function getCase(caseId: string): Promise<CaseDetail> {
  const response = await apiClient.get<CaseDetail>(`/cases/${encodeURIComponent(caseId)}`);
  return response.data;
}

function caseQueryOptions(caseId: string) {
  return queryOptions({ queryKey: caseKeys.detail(caseId), queryFn: () => getCase(caseId) });
}

export function useCase(caseId: string) {
  return useQuery(caseQueryOptions(caseId));
}
