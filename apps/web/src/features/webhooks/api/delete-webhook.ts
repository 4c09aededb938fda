import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function deleteWebhook(webhookId: string): Promise<void> {
  await apiClient.delete(`/webhooks/${encodeURIComponent(webhookId)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
