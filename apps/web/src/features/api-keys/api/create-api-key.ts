import type { CreateApiKeyInput, CreatedApiKey } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { apiKeyKeys } from './query-keys';

/** The reply is the only time the key itself is ever sent: it is shown once, never cached. */
async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const response = await apiClient.post<CreatedApiKey>('/customers/api-keys', input);
  return response.data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
