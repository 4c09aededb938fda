import type { passwordResetRequestSchema } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

async function requestPasswordReset(input: PasswordResetRequest): Promise<{ message: string }> {
  const response = await apiClient.post<{ message: string }>('/auth/password-reset', input);
  return response.data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
