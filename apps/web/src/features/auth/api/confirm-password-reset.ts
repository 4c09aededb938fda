import type { PasswordResetConfirm } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

async function confirmPasswordReset(input: PasswordResetConfirm): Promise<{ message: string }> {
  const response = await apiClient.post<{ message: string }>('/auth/password-reset/confirm', input);
  return response.data;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
