import type { SurveyAlert, SurveyAlertsResponse, UpdateSurveyAlertStatus } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveyAlertKeys } from './query-keys';

type UpdateSurveyAlertStatusInput = UpdateSurveyAlertStatus & { surveyAlertId: string };

/**
 * `PATCH /survey-alerts/{id}/status` (docs/product-rules.md#alerts): hides (false) or shows (true) an alert.
 */
async function updateSurveyAlertStatus({
  surveyAlertId,
  isActive,
}: UpdateSurveyAlertStatusInput): Promise<SurveyAlert> {
  const body: UpdateSurveyAlertStatus = { isActive };
  const response = await apiClient.patch<SurveyAlert>(
    `/survey-alerts/${encodeURIComponent(surveyAlertId)}/status`,
    body,
  );
  return response.data;
}

export function useUpdateSurveyAlertStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSurveyAlertStatus,
    onSuccess: (_reply, { surveyAlertId, isActive }) => {
      // The card moves at once; the refetch below then brings anything else that changed.
      queryClient.setQueryData<SurveyAlertsResponse>(surveyAlertKeys.list(), (current) =>
        current
          ? {
              surveyAlerts: current.surveyAlerts.map((surveyAlert) =>
                surveyAlert.surveyAlertId === surveyAlertId ? { ...surveyAlert, isActive } : surveyAlert,
              ),
            }
          : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyAlertKeys.all }),
  });
}
