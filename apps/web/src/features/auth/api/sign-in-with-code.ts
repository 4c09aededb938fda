import type { StartupResponse, TwoFactorSignIn } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { restartSessionCache } from './get-startup';
import { restoreRememberedWorkspace } from './switch-workspace';

async function signInWithCode(input: TwoFactorSignIn): Promise<StartupResponse> {
  const response = await apiClient.post<StartupResponse>('/auth/login/two-factor', input);
  return response.data;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function useSignInWithCode({ isJoiningWorkspace }: { isJoiningWorkspace: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TwoFactorSignIn) => {
      const startup = await signInWithCode(input);
      const current = await restartSessionCache(queryClient);
      if (!isJoiningWorkspace) await restoreRememberedWorkspace(queryClient, current);
      return startup;
    },
  });
}
