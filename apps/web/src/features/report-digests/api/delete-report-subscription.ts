import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportDigestKeys } from './query-keys';

async function deleteReportSubscription(reportSubscriptionId: string): Promise<void> {
  await apiClient.delete(`/report-subscriptions/${encodeURIComponent(reportSubscriptionId)}`);
}

export function useDeleteReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportDigestKeys.all }),
  });
}
