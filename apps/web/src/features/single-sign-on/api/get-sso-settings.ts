import type { SsoSettings } from '@graphium/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ssoKeys } from './query-keys';

async function getSsoSettings(): Promise<SsoSettings> {
  const response = await apiClient.get<SsoSettings>('/customers/sso');
  return response.data;
}

/** The business's single sign-on settings; only admins may read them, so others never ask. */
export function useSsoSettings({
  customerId,
  enabled,
}: {
  customerId: string | undefined;
  enabled: boolean;
}) {
  return useQuery({ queryKey: ssoKeys.settings(customerId), queryFn: getSsoSettings, enabled });
}
