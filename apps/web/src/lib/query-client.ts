import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getErrorStatus } from './api-client';

/** docs/architecture.md: most data stays fresh for 5 minutes. */
const defaultStaleTimeMs = 5 * 60 * 1000;
const maxRetries = 3;

export function isUnauthenticatedError(error: unknown): boolean {
  return getErrorStatus(error) === 401;
}

/** A 4xx answer will not change on a retry; network errors and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown, limit = maxRetries): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < limit;
}

type QueryClientOptions = {
  /** Called when any call answers 401, so the shell can send the user to sign in. */
  onUnauthenticated?: (client: QueryClient, error: unknown) => void;
};

export function createQueryClient({ onUnauthenticated }: QueryClientOptions = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthenticatedError(error)) onUnauthenticated?.(client, error);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: defaultStaleTimeMs,
        retry: (failureCount, error) => shouldRetry(failureCount, error),
      },
      mutations: { retry: false },
    },
  });
  return client;
}
