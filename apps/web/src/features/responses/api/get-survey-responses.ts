import {
  type ResponseFilter,
  type responsesIncludeValues,
  type SurveyResponsesList,
  serializeResponseFilters,
} from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responseKeys } from './query-keys';

/** Part 2 §9: surveys stay fresh for 2 minutes (other data 5). */
export const surveysStaleTimeMs = 2 * 60 * 1000;

export type SurveyResponsesParams = {
  surveyTemplateId: string;
  page: number;
  limit: number;
  /** Complete filters only: empty ones are never sent (part 2 §5). */
  filters: ResponseFilter[];
  /** The date range on the sending time, as instants: from inclusive, to exclusive. */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
  /** Each screen asks for its own part: the list its rows, the summary its figures. */
  include: (typeof responsesIncludeValues)[number];
};

/** The query string of the list and the export: only what is set. */
export function toResponsesQuery(params: Omit<SurveyResponsesParams, 'page' | 'limit' | 'include'>) {
  const query: Record<string, string> = { surveyTemplateId: params.surveyTemplateId };
  const filters = serializeResponseFilters(params.filters);
  if (filters) query.filters = filters;
  if (params.sentFrom) query.sentFrom = params.sentFrom;
  if (params.sentTo) query.sentTo = params.sentTo;
  return query;
}

/** `GET /surveys?surveyTemplateId&page&limit&filters` (part 2 §7). */
export async function getSurveyResponses(params: SurveyResponsesParams): Promise<SurveyResponsesList> {
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

export function surveyResponsesQueryOptions(params: SurveyResponsesParams) {
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
