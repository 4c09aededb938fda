export const unsubscribeKeys = {
  all: ['unsubscribe'] as const,
  info: (token: string) => [...unsubscribeKeys.all, token] as const,
};
