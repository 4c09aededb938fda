import type { CaseDetail, UpdateCase } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `PATCH /cases/{id}`: a status transition, an assignee, or both. */
async function updateCase({ caseId, ...body }: UpdateCase & { caseId: string }): Promise<CaseDetail> {
  const response = await apiClient.patch<CaseDetail>(`/cases/${encodeURIComponent(caseId)}`, body);
  return response.data;
}

export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: (detail) => queryClient.setQueryData(caseKeys.detail(detail.caseId), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
  });
}
