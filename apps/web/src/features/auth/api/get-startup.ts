import type { StartupResponse } from '@graphium/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { isUnauthenticatedError, shouldRetry } from '@/lib/query-client';
import { rememberSignedOutReason } from '@/lib/signed-out-reason';
import { authKeys } from './query-keys';
import { alignWorkspaceCookie } from './switch-workspace';

/**
 * docs/product-rules.md#accounts-and-sign-in: fresh for 5 minutes, not refetched on focus, retried twice
 * except on 401.
 */
const authStatusStaleTimeMs = 5 * 60 * 1000;
const authStatusRetries = 2;

/** `null` means signed out: the startup call answered 401 (docs/product-rules.md#accounts-and-sign-in). */
async function getStartup(): Promise<StartupResponse | null> {
  try {
    const response = await apiClient.get<StartupResponse>('/accounts/startup');
    alignWorkspaceCookie(response.data);
    return response.data;
  } catch (error) {
    if (!isUnauthenticatedError(error)) throw error;
    rememberSignedOutReason(error);
    return null;
  }
}

function startupQueryOptions() {
  return queryOptions({
    queryKey: authKeys.startup(),
    queryFn: getStartup,
    staleTime: authStatusStaleTimeMs,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) =>
      !isUnauthenticatedError(error) && shouldRetry(failureCount, error, authStatusRetries),
  });
}

function useStartup() {
  return useQuery(startupQueryOptions());
}

export type AuthStatus =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; startup: StartupResponse };

export function useAuthStatus(): AuthStatus {
  const query = useStartup();
  if (query.data) return { status: 'authenticated', startup: query.data };
  if (query.data === null) return { status: 'unauthenticated' };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}

/** The signed-in person's startup data; the authenticated shell renders its pages only once it is known. */
export function useCurrentStartup(): StartupResponse | undefined {
  return useStartup().data ?? undefined;
}

/**
 * A new session (sign-in, sign-up, joining a workspace) starts from empty caches
 * (docs/product-rules.md#accounts-and-sign-in).
 */
export async function restartSessionCache(queryClient: QueryClient): Promise<StartupResponse | null> {
  queryClient.clear();
  return queryClient.fetchQuery(startupQueryOptions());
}
