import type { DigestUnsubscribeInfo } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportDigestKeys } from './query-keys';

/** `GET /report-subscriptions/unsubscribe/{token}`: public; the token names the digest. */
async function getDigestUnsubscribeInfo(token: string): Promise<DigestUnsubscribeInfo> {
  const response = await apiClient.get<DigestUnsubscribeInfo>(
    `/report-subscriptions/unsubscribe/${encodeURIComponent(token)}`,
  );
  return response.data;
}

function digestUnsubscribeInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: reportDigestKeys.unsubscribeInfo(token),
    queryFn: () => getDigestUnsubscribeInfo(token),
  });
}

export function useDigestUnsubscribeInfo(token: string) {
  return useQuery({ ...digestUnsubscribeInfoQueryOptions(token), enabled: token !== '' });
}
