import type { SurveyAlertsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveyAlertKeys } from './query-keys';

/**
 * `GET /survey-alerts/` (docs/product-rules.md#alerts): every survey alert of the workspace, newest first.
 */
async function getSurveyAlerts(): Promise<SurveyAlertsResponse> {
  const response = await apiClient.get<SurveyAlertsResponse>('/survey-alerts/');
  return response.data;
}

function surveyAlertsQueryOptions() {
  return queryOptions({ queryKey: surveyAlertKeys.list(), queryFn: getSurveyAlerts });
}

export function useSurveyAlerts() {
  return useQuery(surveyAlertsQueryOptions());
}
