import type { ContactDetail } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts/{id}`: the contact with their surveys, scores, cases and suppression. */
async function getContact(contactId: string): Promise<ContactDetail> {
  const response = await apiClient.get<ContactDetail>(`/contacts/${encodeURIComponent(contactId)}`);
  return response.data;
}

function contactQueryOptions(contactId: string) {
  return queryOptions({ queryKey: contactKeys.detail(contactId), queryFn: () => getContact(contactId) });
}

export function useContact(contactId: string) {
  return useQuery(contactQueryOptions(contactId));
}
