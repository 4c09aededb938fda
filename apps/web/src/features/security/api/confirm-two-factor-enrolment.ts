import type { ConfirmTwoFactor, RecoveryCodes } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function confirmTwoFactorEnrolment(input: ConfirmTwoFactor): Promise<RecoveryCodes> {
  const response = await apiClient.post<RecoveryCodes>('/auth/two-factor/enrolment/confirm', input);
  return response.data;
}

/** Turns two-factor sign-in on; answers the recovery codes, shown this once. */
export function useConfirmTwoFactorEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactorEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() }),
  });
}
