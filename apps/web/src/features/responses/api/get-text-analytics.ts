import { serializeResponseFilters, type TextAnalyticsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveysStaleTimeMs } from './get-survey-responses';
import { responseKeys, type TextAnalyticsParams } from './query-keys';

/** `GET /survey-templates/{id}/text-analytics` (decision 030), narrowed like the list. */
async function getTextAnalytics(params: TextAnalyticsParams): Promise<TextAnalyticsResponse> {
  const query: Record<string, string> = {};
  const filters = serializeResponseFilters(params.filters);
  if (filters) query.filters = filters;
  if (params.sentFrom) query.sentFrom = params.sentFrom;
  if (params.sentTo) query.sentTo = params.sentTo;
  const response = await apiClient.get<TextAnalyticsResponse>(
    `/survey-templates/${encodeURIComponent(params.surveyTemplateId)}/text-analytics`,
    { params: query },
  );
  return response.data;
}

export function useTextAnalytics(params: TextAnalyticsParams) {
  return useQuery(
    queryOptions({
      queryKey: responseKeys.textAnalytics(params),
      queryFn: () => getTextAnalytics(params),
      staleTime: surveysStaleTimeMs,
      enabled: params.surveyTemplateId !== '',
    }),
  );
}
