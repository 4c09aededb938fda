import type { EraseRespondentInput, ErasureResult } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function eraseRespondent(input: EraseRespondentInput): Promise<ErasureResult> {
  const response = await apiClient.post<ErasureResult>('/privacy/erasures', input);
  return response.data;
}

/** Erasure touches responses, contacts, summaries and messages: every cached query is stale after it. */
export function useEraseRespondent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseRespondent,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
