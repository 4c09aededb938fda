import type { RetentionSettings, RetentionSettingsInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataRetentionKeys } from './query-keys';

async function updateRetentionSettings(input: RetentionSettingsInput): Promise<RetentionSettings> {
  const response = await apiClient.put<RetentionSettings>('/workspace/retention', input);
  return response.data;
}

export function useUpdateRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetentionSettings,
    onSuccess: (settings) => queryClient.setQueryData(dataRetentionKeys.settings(), settings),
  });
}
