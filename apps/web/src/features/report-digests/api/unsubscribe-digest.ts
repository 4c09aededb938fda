import type { DigestUnsubscribeInfo } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportDigestKeys } from './query-keys';

/** `POST /report-subscriptions/unsubscribe/{token}`: ends the digest (idempotent). */
async function unsubscribeDigest(token: string): Promise<DigestUnsubscribeInfo> {
  const response = await apiClient.post<DigestUnsubscribeInfo>(
    `/report-subscriptions/unsubscribe/${encodeURIComponent(token)}`,
  );
  return response.data;
}

export function useUnsubscribeDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeDigest,
    onSuccess: (info, token) => queryClient.setQueryData(reportDigestKeys.unsubscribeInfo(token), info),
  });
}
