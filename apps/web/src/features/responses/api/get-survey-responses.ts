import { type SurveyResponsesList, serializeResponseFilters } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responseKeys, type SurveyResponsesParams } from './query-keys';

/**
 * docs/product-rules.md#responses-list-filters-paging-export: surveys stay fresh for 2 minutes (other data
 * 5).
 */
export const surveysStaleTimeMs = 2 * 60 * 1000;

/** The query string of the list and the export: only what is set. */
export function toResponsesQuery(params: Omit<SurveyResponsesParams, 'page' | 'limit' | 'include'>) {
  const query: Record<string, string> = { surveyTemplateId: params.surveyTemplateId };
  const filters = serializeResponseFilters(params.filters);
  if (filters) query.filters = filters;
  if (params.sentFrom) query.sentFrom = params.sentFrom;
  if (params.sentTo) query.sentTo = params.sentTo;
  return query;
}

/**
 * `GET /surveys?surveyTemplateId&page&limit&filters`
 * (docs/product-rules.md#responses-list-filters-paging-export).
 */
async function getSurveyResponses(params: SurveyResponsesParams): Promise<SurveyResponsesList> {
  const response = await apiClient.get<SurveyResponsesList>('/surveys', {
    params: {
      ...toResponsesQuery(params),
      page: String(params.page),
      limit: String(params.limit),
      include: params.include,
    },
  });
  return response.data;
}

function surveyResponsesQueryOptions(params: SurveyResponsesParams) {
  return queryOptions({
    queryKey: responseKeys.list(params),
    queryFn: () => getSurveyResponses(params),
    staleTime: surveysStaleTimeMs,
    enabled: params.surveyTemplateId !== '',
    // Paging and filtering keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSurveyResponses(params: SurveyResponsesParams) {
  return useQuery(surveyResponsesQueryOptions(params));
}
