import type { UndeliveredAlertNotifications } from '@graphium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveyAlertKeys } from './query-keys';

/** `GET /survey-alerts/undelivered`: alert notifications that finally failed, newest first. */
async function getUndeliveredNotifications(): Promise<UndeliveredAlertNotifications> {
  const response = await apiClient.get<UndeliveredAlertNotifications>('/survey-alerts/undelivered');
  return response.data;
}

export function useUndeliveredNotifications() {
  return useQuery({ queryKey: surveyAlertKeys.undelivered(), queryFn: getUndeliveredNotifications });
}

async function retryNotification(outboxId: string): Promise<UndeliveredAlertNotifications> {
  const response = await apiClient.post<UndeliveredAlertNotifications>(
    `/survey-alerts/undelivered/${encodeURIComponent(outboxId)}/retry`,
  );
  return response.data;
}

/** Sends a failed alert notification again; the alert cards read again too. */
export function useRetryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryNotification,
    onSuccess: (result) => {
      queryClient.setQueryData(surveyAlertKeys.undelivered(), result);
      return queryClient.invalidateQueries({ queryKey: surveyAlertKeys.list() });
    },
  });
}
