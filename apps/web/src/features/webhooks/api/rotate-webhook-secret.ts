import type { WebhookWithSecret } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/**
 * `POST /webhooks/{id}/rotate-secret`: a new signing secret; the previous one also signs for 24
 * hours (docs/decisions/047-connect-gaps.md).
 */
async function rotateWebhookSecret(webhookId: string): Promise<WebhookWithSecret> {
  const response = await apiClient.post<WebhookWithSecret>(
    `/webhooks/${encodeURIComponent(webhookId)}/rotate-secret`,
  );
  return response.data;
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
