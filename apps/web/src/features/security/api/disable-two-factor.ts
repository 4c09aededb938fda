import type { DisableTwoFactor } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function disableTwoFactor(input: DisableTwoFactor): Promise<void> {
  await apiClient.post('/auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
      await queryClient.invalidateQueries({ queryKey: authKeys.startup() });
    },
  });
}
