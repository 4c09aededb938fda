import type { SignUp, StartupResponse } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { restartSessionCache } from './get-startup';

async function createAccount(input: SignUp): Promise<StartupResponse> {
  const response = await apiClient.post<StartupResponse>('/accounts/', input);
  return response.data;
}

/** A new account is signed in at once; like a sign-in, it starts from empty caches. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUp) => {
      const startup = await createAccount(input);
      await restartSessionCache(queryClient);
      return startup;
    },
  });
}
