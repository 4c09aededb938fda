import type { ContactsQuery, ContactsResponse } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts`: one page of the workspace's contacts, searched (decision 038). */
async function getContacts(query: ContactsQuery): Promise<ContactsResponse> {
  const response = await apiClient.get<ContactsResponse>('/contacts', { params: query });
  return response.data;
}

function contactsQueryOptions(query: ContactsQuery) {
  return queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: () => getContacts(query),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(query: ContactsQuery) {
  return useQuery(contactsQueryOptions(query));
}
