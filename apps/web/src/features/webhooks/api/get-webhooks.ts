import type { WebhooksResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function getWebhooks(): Promise<WebhooksResponse> {
  const response = await apiClient.get<WebhooksResponse>('/webhooks');
  return response.data;
}

function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhookKeys.list(), queryFn: getWebhooks });
}

/** Only admins may read webhooks: others never ask. */
export function useWebhooks({ enabled }: { enabled: boolean }) {
  return useQuery({ ...webhooksQueryOptions(), enabled });
}
