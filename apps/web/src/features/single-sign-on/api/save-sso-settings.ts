import type { SsoSettings, SsoSettingsInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ssoKeys } from './query-keys';

async function saveSsoSettings(input: SsoSettingsInput): Promise<SsoSettings> {
  const response = await apiClient.put<SsoSettings>('/customers/sso', input);
  return response.data;
}

export function useSaveSsoSettings(customerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(customerId), settings),
  });
}
