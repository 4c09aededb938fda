import type { TwoFactorEnrolment } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function beginTwoFactorEnrolment(): Promise<TwoFactorEnrolment> {
  const response = await apiClient.post<TwoFactorEnrolment>('/auth/two-factor/enrolment');
  return response.data;
}

/** A new secret for the authenticator app; it only counts once a code from it is confirmed. */
export function useBeginTwoFactorEnrolment() {
  return useMutation({ mutationFn: beginTwoFactorEnrolment });
}
