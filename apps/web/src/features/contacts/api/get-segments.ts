import type { ContactSegmentsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts/segments`: saved segments with their member counts (decision 038). */
async function getSegments(): Promise<ContactSegmentsResponse> {
  const response = await apiClient.get<ContactSegmentsResponse>('/contacts/segments');
  return response.data;
}

function segmentsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.segments(), queryFn: getSegments });
}

export function useSegments() {
  return useQuery(segmentsQueryOptions());
}
