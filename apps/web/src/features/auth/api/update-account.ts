import type { CompleteSignUp, StartupResponse } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authKeys } from './query-keys';

async function updateAccount(input: CompleteSignUp): Promise<StartupResponse> {
  const response = await apiClient.patch<StartupResponse>('/accounts/me', input);
  return response.data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (startup) => queryClient.setQueryData(authKeys.startup(), startup),
  });
}
