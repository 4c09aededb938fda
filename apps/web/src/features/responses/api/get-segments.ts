import { type ResponseFilter, type SegmentsReply, serializeResponseFilters } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { surveysStaleTimeMs } from './get-survey-responses';
import { responseKeys } from './query-keys';

export type SegmentsParams = {
  templateId: string;
  propertyId: string;
  filters: ResponseFilter[];
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
};

/** `GET /survey-templates/{templateId}/segments?property&filters&sentFrom&sentTo` (decision 029). */
async function getSegments(params: SegmentsParams): Promise<SegmentsReply> {
  const query: Record<string, string> = { property: params.propertyId };
  const filters = serializeResponseFilters(params.filters);
  if (filters) query.filters = filters;
  if (params.sentFrom) query.sentFrom = params.sentFrom;
  if (params.sentTo) query.sentTo = params.sentTo;
  const response = await apiClient.get<SegmentsReply>(`/survey-templates/${params.templateId}/segments`, {
    params: query,
  });
  return response.data;
}

export function useSegments(params: SegmentsParams) {
  return useQuery(
    queryOptions({
      queryKey: responseKeys.segments(params),
      queryFn: () => getSegments(params),
      staleTime: surveysStaleTimeMs,
      enabled: params.templateId !== '' && params.propertyId !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
