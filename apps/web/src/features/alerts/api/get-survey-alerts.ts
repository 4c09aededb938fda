import type { SurveyAlertsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveyAlertKeys } from './query-keys';

/** `GET /survey-alerts/` (part 1 §7): every survey alert of the workspace, newest first. */
export async function getSurveyAlerts(): Promise<SurveyAlertsResponse> {
  const response = await apiClient.get<SurveyAlertsResponse>('/survey-alerts/');
  return response.data;
}

export function surveyAlertsQueryOptions() {
  return queryOptions({ queryKey: surveyAlertKeys.list(), queryFn: getSurveyAlerts });
}

export function useSurveyAlerts() {
  return useQuery(surveyAlertsQueryOptions());
}
