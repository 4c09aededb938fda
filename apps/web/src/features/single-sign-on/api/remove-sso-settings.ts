import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ssoKeys } from './query-keys';

async function removeSsoSettings(): Promise<void> {
  await apiClient.delete('/customers/sso');
}

export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
