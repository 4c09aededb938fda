import type { BulkCases, Case } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `POST /cases/bulk`: assign or resolve the selected cases, all or nothing. */
async function bulkUpdateCases(body: BulkCases): Promise<{ cases: Case[] }> {
  const response = await apiClient.post<{ cases: Case[] }>('/cases/bulk', body);
  return response.data;
}

export function useBulkUpdateCases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCases,
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}
