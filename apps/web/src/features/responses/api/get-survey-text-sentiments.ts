import type { SurveyTextSentiments } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveysStaleTimeMs } from './get-survey-responses';
import { responseKeys } from './query-keys';

/** `GET /surveys/{id}/text-analytics`: the sentiment of each analysed text answer (decision 030). */
async function getSurveyTextSentiments(surveyId: string): Promise<SurveyTextSentiments> {
  const response = await apiClient.get<SurveyTextSentiments>(
    `/surveys/${encodeURIComponent(surveyId)}/text-analytics`,
  );
  return response.data;
}

export function useSurveyTextSentiments(surveyId: string, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: responseKeys.textSentiments(surveyId),
      queryFn: () => getSurveyTextSentiments(surveyId),
      staleTime: surveysStaleTimeMs,
      enabled: surveyId !== '' && isEnabled,
    }),
  );
}
