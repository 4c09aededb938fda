import type { DeleteLogoResponse } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { logoKeys } from './query-keys';

async function deleteLogo(): Promise<DeleteLogoResponse> {
  const response = await apiClient.delete<DeleteLogoResponse>('/customers/logo');
  return response.data;
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => queryClient.setQueryData(logoKeys.current(), null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logoKeys.all }),
  });
}
