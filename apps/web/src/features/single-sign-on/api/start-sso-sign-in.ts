import type { SsoStartInput, SsoStartResponse } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function startSsoSignIn(input: SsoStartInput): Promise<SsoStartResponse> {
  const response = await apiClient.post<SsoStartResponse>('/auth/sso/start', input);
  return response.data;
}

/** The identity provider's address for a work e-mail; the browser goes there next. */
export function useStartSsoSignIn() {
  return useMutation({ mutationFn: startSsoSignIn });
}
