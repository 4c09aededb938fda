import type { WebhookDeliveriesResponse } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

async function getWebhookDeliveries(webhookId: string, page: number): Promise<WebhookDeliveriesResponse> {
  const response = await apiClient.get<WebhookDeliveriesResponse>(
    `/webhooks/${encodeURIComponent(webhookId)}/deliveries`,
    { params: { page } },
  );
  return response.data;
}

/** Deliveries leave within seconds: the log looks again every few seconds while it is open. */
const refreshMs = 3000;

function webhookDeliveriesQueryOptions(webhookId: string, page: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(webhookId, page),
    queryFn: () => getWebhookDeliveries(webhookId, page),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

export function useWebhookDeliveries(webhookId: string, page: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...webhookDeliveriesQueryOptions(webhookId, page), enabled });
}
