import type { CreateWebhookInput, WebhookWithSecret } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function createWebhook(input: CreateWebhookInput): Promise<WebhookWithSecret> {
  const response = await apiClient.post<WebhookWithSecret>('/webhooks', input);
  return response.data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
