import type { CustomerLogo } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBaseUrl, apiClient, getErrorStatus } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';
import { logoKeys } from './query-keys';

/**
 * docs/product-rules.md#logo-and-api-keys: a 404 means "no logo" and is not retried; other failures up to 3
 * times.
 */
const logoFetchRetries = 3;

/** `null` when the customer has no logo yet (the server answers 404). */
async function getLogo(): Promise<CustomerLogo | null> {
  try {
    const response = await apiClient.get<CustomerLogo>('/customers/logo');
    return response.data;
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}

export function logoQueryOptions() {
  return queryOptions({
    queryKey: logoKeys.current(),
    queryFn: getLogo,
    retry: (failureCount, error) => shouldRetry(failureCount, error, logoFetchRetries),
  });
}

export function useLogo() {
  return useQuery(logoQueryOptions());
}

/** The logo's URL is relative to the API's origin, which may differ from the app's. */
export function toImageSource(url: string): string {
  return new URL(url, new URL(apiBaseUrl, window.location.href)).toString();
}
