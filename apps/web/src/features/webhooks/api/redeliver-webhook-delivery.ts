import type { WebhookDelivery } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function redeliverWebhookDelivery({
  webhookId,
  deliveryId,
}: {
  webhookId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  const response = await apiClient.post<WebhookDelivery>(
    `/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
  );
  return response.data;
}

export function useRedeliverWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
