import type { ApiKey } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { apiKeyKeys } from './query-keys';

async function revokeApiKey(apiKeyId: string): Promise<ApiKey> {
  const response = await apiClient.delete<ApiKey>(`/customers/api-keys/${encodeURIComponent(apiKeyId)}`);
  return response.data;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
