import type { loginSchema, StartupResponse, TwoFactorChallenge } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { restartSessionCache } from './get-startup';
import { restoreRememberedWorkspace } from './switch-workspace';

export type LoginInput = z.input<typeof loginSchema>;

/** The password was right and two-factor sign-in is on: the second step comes next. */
export function isTwoFactorChallenge(
  result: StartupResponse | TwoFactorChallenge,
): result is TwoFactorChallenge {
  return 'nextStep' in result && result.nextStep === 'two-factor';
}

async function login(input: LoginInput): Promise<StartupResponse | TwoFactorChallenge> {
  const response = await apiClient.post<StartupResponse | TwoFactorChallenge>('/auth/login', input);
  return response.data;
}

/**
 * docs/product-rules.md#accounts-and-sign-in: a sign-in clears every cached answer, then the auth status is
 * fetched again. With two-factor sign-in on, nothing is signed in until the second step.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const result = await login(input);
      if (isTwoFactorChallenge(result)) return result;
      const current = await restartSessionCache(queryClient);
      // Joining through an invitation opens the invited workspace; otherwise the one this browser chose.
      if (!input.workspaceInvitationId) await restoreRememberedWorkspace(queryClient, current);
      return result;
    },
  });
}
