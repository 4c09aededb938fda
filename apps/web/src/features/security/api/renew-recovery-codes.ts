import type { ConfirmTwoFactor, RecoveryCodes } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function renewRecoveryCodes(input: ConfirmTwoFactor): Promise<RecoveryCodes> {
  const response = await apiClient.post<RecoveryCodes>('/auth/two-factor/recovery-codes', input);
  return response.data;
}

/** Ten new recovery codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() }),
  });
}
