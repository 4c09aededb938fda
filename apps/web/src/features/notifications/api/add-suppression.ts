import type { AddSuppressionInput, Suppression } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

async function addSuppression(input: AddSuppressionInput): Promise<Suppression> {
  const response = await apiClient.post<Suppression>('/workspace/suppressions', input);
  return response.data;
}

export function useAddSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSuppression,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.suppressions() }),
  });
}
