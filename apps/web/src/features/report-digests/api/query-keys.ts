export const reportDigestKeys = {
  all: ['report-digests'] as const,
  subscriptions: (who: 'mine' | 'workspace') => [...reportDigestKeys.all, 'subscriptions', who] as const,
  unsubscribeInfo: (token: string) => [...reportDigestKeys.all, 'unsubscribe', token] as const,
};
