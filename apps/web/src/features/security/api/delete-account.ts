import type { DeleteAccountInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authKeys } from '@/features/auth/api/query-keys';
import { apiClient } from '@/lib/api-client';

async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiClient.post('/auth/account/deletion', input);
}

/** Deletes the signed-in account (decision 044); the session has ended, so the app goes to sign-in. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.startup(), null);
      await navigate('/sign-in', { replace: true });
    },
  });
}
