import type { RetentionSettings } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataRetentionKeys } from './query-keys';

async function getRetentionSettings(): Promise<RetentionSettings> {
  const response = await apiClient.get<RetentionSettings>('/workspace/retention');
  return response.data;
}

/** Settings → Data retention (admins): how long things are kept, and the last run. */
export function useRetentionSettings(options: { isEnabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: dataRetentionKeys.settings(),
      queryFn: getRetentionSettings,
      enabled: options.isEnabled,
    }),
  );
}
