import type { loginSchema, StartupResponse } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { restartSessionCache } from './get-startup';
import { restoreRememberedWorkspace } from './switch-workspace';

export type LoginInput = z.input<typeof loginSchema>;

async function login(input: LoginInput): Promise<StartupResponse> {
  const response = await apiClient.post<StartupResponse>('/auth/login', input);
  return response.data;
}

/**
 * docs/product-rules.md#accounts-and-sign-in: a sign-in clears every cached answer, then the auth status is
 * fetched again.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const startup = await login(input);
      const current = await restartSessionCache(queryClient);
      // Joining through an invitation opens the invited workspace; otherwise the one this browser chose.
      if (!input.workspaceInvitationId) await restoreRememberedWorkspace(queryClient, current);
      return startup;
    },
  });
}
