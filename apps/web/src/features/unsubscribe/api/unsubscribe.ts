import type { UnsubscribeInfo } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { unsubscribeKeys } from './query-keys';

/** `POST /unsubscribe/{token}`: puts the contact on the workspace's suppression list (idempotent). */
async function unsubscribe(token: string): Promise<UnsubscribeInfo> {
  const response = await apiClient.post<UnsubscribeInfo>(`/unsubscribe/${encodeURIComponent(token)}`);
  return response.data;
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: (info, token) => queryClient.setQueryData(unsubscribeKeys.info(token), info),
  });
}
