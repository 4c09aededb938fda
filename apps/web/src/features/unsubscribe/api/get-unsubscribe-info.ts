import type { UnsubscribeInfo } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { unsubscribeKeys } from './query-keys';

/** `GET /unsubscribe/{token}`: public, no sign-in; the token names the workspace and contact. */
async function getUnsubscribeInfo(token: string): Promise<UnsubscribeInfo> {
  const response = await apiClient.get<UnsubscribeInfo>(`/unsubscribe/${encodeURIComponent(token)}`);
  return response.data;
}

function unsubscribeInfoQueryOptions(token: string) {
  return queryOptions({ queryKey: unsubscribeKeys.info(token), queryFn: () => getUnsubscribeInfo(token) });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({ ...unsubscribeInfoQueryOptions(token), enabled: token !== '' });
}
