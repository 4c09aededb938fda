import type { WebhookWithSecret } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function getWebhook(webhookId: string): Promise<WebhookWithSecret> {
  const response = await apiClient.get<WebhookWithSecret>(`/webhooks/${encodeURIComponent(webhookId)}`);
  return response.data;
}

function webhookQueryOptions(webhookId: string) {
  return queryOptions({ queryKey: webhookKeys.detail(webhookId), queryFn: () => getWebhook(webhookId) });
}

export function useWebhook(webhookId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...webhookQueryOptions(webhookId), enabled });
}
