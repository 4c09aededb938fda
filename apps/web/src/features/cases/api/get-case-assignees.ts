import type { CaseAssignees } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `GET /cases/assignees`: the active editors and admins a case may be given to. */
async function getCaseAssignees(): Promise<CaseAssignees> {
  const response = await apiClient.get<CaseAssignees>('/cases/assignees');
  return response.data;
}

function caseAssigneesQueryOptions() {
  return queryOptions({ queryKey: caseKeys.assignees(), queryFn: getCaseAssignees });
}

export function useCaseAssignees() {
  return useQuery(caseAssigneesQueryOptions());
}
