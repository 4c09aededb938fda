import type { ContactAttributesResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts/attributes`: the typed attributes the workspace's contacts may carry. */
async function getContactAttributes(): Promise<ContactAttributesResponse> {
  const response = await apiClient.get<ContactAttributesResponse>('/contacts/attributes');
  return response.data;
}

function contactAttributesQueryOptions() {
  return queryOptions({ queryKey: contactKeys.attributes(), queryFn: getContactAttributes });
}

export function useContactAttributes() {
  return useQuery(contactAttributesQueryOptions());
}
