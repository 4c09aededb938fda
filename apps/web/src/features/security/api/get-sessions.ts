import type { AccountSession } from '@graphium/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function getSessions(): Promise<AccountSession[]> {
  const response = await apiClient.get<{ sessions: AccountSession[] }>('/auth/sessions');
  return response.data.sessions;
}

/** The signed-in person's sessions, this one marked. */
export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions(), queryFn: getSessions });
}
