import type { RecurringSendsResponse } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts/recurring-sends` (decision 038). */
async function getRecurringSends(): Promise<RecurringSendsResponse> {
  const response = await apiClient.get<RecurringSendsResponse>('/contacts/recurring-sends');
  return response.data;
}

function recurringSendsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.recurringSends(), queryFn: getRecurringSends });
}

export function useRecurringSends() {
  return useQuery(recurringSendsQueryOptions());
}
