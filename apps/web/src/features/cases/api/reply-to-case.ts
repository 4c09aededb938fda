import type { CaseDetail, CaseReply } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `POST /cases/{id}/reply`: e-mail or SMS to the respondent through the outbox. */
async function replyToCase({ caseId, ...body }: CaseReply & { caseId: string }): Promise<CaseDetail> {
  const response = await apiClient.post<CaseDetail>(`/cases/${encodeURIComponent(caseId)}/reply`, body);
  return response.data;
}

export function useReplyToCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToCase,
    onSuccess: (detail) => queryClient.setQueryData(caseKeys.detail(detail.caseId), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
  });
}
