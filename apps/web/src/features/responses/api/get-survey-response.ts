import type { SurveyResponseDetail } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveysStaleTimeMs } from './get-survey-responses';
import { responseKeys } from './query-keys';

/** The staff view of one response (`GET /surveys/{id}` is the respondent page's). */
async function getSurveyResponse(surveyId: string): Promise<SurveyResponseDetail> {
  const response = await apiClient.get<SurveyResponseDetail>(
    `/surveys/${encodeURIComponent(surveyId)}/response`,
  );
  return response.data;
}

function surveyResponseQueryOptions(surveyId: string) {
  return queryOptions({
    queryKey: responseKeys.detail(surveyId),
    queryFn: () => getSurveyResponse(surveyId),
    staleTime: surveysStaleTimeMs,
    enabled: surveyId !== '',
  });
}

export function useSurveyResponse(surveyId: string) {
  return useQuery(surveyResponseQueryOptions(surveyId));
}
