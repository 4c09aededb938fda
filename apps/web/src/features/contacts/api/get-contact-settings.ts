import type { ContactSettings } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /workspace/contact-settings`: the fatigue rule (decision 038). */
async function getContactSettings(): Promise<ContactSettings> {
  const response = await apiClient.get<ContactSettings>('/workspace/contact-settings');
  return response.data;
}

function contactSettingsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.settings(), queryFn: getContactSettings });
}

export function useContactSettings() {
  return useQuery(contactSettingsQueryOptions());
}
