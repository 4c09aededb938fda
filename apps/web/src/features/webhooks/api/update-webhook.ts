import type { UpdateWebhookInput, WebhookWithSecret } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function updateWebhook({
  webhookId,
  ...input
}: UpdateWebhookInput & { webhookId: string }): Promise<WebhookWithSecret> {
  const response = await apiClient.patch<WebhookWithSecret>(
    `/webhooks/${encodeURIComponent(webhookId)}`,
    input,
  );
  return response.data;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (webhook) => queryClient.setQueryData(webhookKeys.detail(webhook.webhookId), webhook),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
