import type { PrivacyRespondent } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { privacyKeys } from './query-keys';

async function searchRespondent(contact: string): Promise<PrivacyRespondent> {
  const response = await apiClient.get<PrivacyRespondent>('/privacy/respondent', { params: { contact } });
  return response.data;
}

function respondentQueryOptions(contact: string) {
  return queryOptions({
    queryKey: privacyKeys.respondent(contact),
    queryFn: () => searchRespondent(contact),
    retry: false,
  });
}

/** What is held about the respondent an address names; nothing is asked before a search. */
export function useRespondentSearch(contact: string) {
  return useQuery({ ...respondentQueryOptions(contact), enabled: contact !== '' });
}
