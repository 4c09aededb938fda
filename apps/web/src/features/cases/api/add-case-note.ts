import type { AddCaseNote, CaseDetail } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `POST /cases/{id}/notes`: an internal note in the case's history. */
async function addCaseNote({ caseId, note }: AddCaseNote & { caseId: string }): Promise<CaseDetail> {
  const body: AddCaseNote = { note };
  const response = await apiClient.post<CaseDetail>(`/cases/${encodeURIComponent(caseId)}/notes`, body);
  return response.data;
}

export function useAddCaseNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCaseNote,
    onSuccess: (detail) => queryClient.setQueryData(caseKeys.detail(detail.caseId), detail),
  });
}
