import type { SsoConnectionTest } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function testSsoConnection(): Promise<SsoConnectionTest> {
  const response = await apiClient.post<SsoConnectionTest>('/customers/sso/test');
  return response.data;
}

/** Reads the saved issuer's discovery document. */
export function useTestSsoConnection() {
  return useMutation({ mutationFn: testSsoConnection });
}
