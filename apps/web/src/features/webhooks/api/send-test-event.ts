import type { WebhookDelivery } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function sendTestEvent(webhookId: string): Promise<WebhookDelivery> {
  const response = await apiClient.post<WebhookDelivery>(`/webhooks/${encodeURIComponent(webhookId)}/test`);
  return response.data;
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
