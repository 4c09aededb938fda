import type { TwoFactorStatus } from '@graphium/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  const response = await apiClient.get<TwoFactorStatus>('/auth/two-factor');
  return response.data;
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: securityKeys.twoFactor(), queryFn: getTwoFactorStatus });
}
