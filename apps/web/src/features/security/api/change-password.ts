import type { ChangePasswordInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiClient.post('/auth/password', input);
}

/** A new password; the server ends every other session. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}
