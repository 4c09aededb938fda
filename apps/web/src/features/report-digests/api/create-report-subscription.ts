import type { CreateReportSubscriptionBody, ReportSubscription } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportDigestKeys } from './query-keys';

async function createReportSubscription(body: CreateReportSubscriptionBody): Promise<ReportSubscription> {
  const response = await apiClient.post<ReportSubscription>('/report-subscriptions', body);
  return response.data;
}

export function useCreateReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportDigestKeys.all }),
  });
}
