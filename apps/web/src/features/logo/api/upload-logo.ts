import { type CustomerLogo, logoFieldName } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { logoKeys } from './query-keys';

async function uploadLogo(file: File): Promise<CustomerLogo> {
  const form = new FormData();
  form.append(logoFieldName, file, file.name);
  const response = await apiClient.post<CustomerLogo>('/customers/logo/upload', form);
  return response.data;
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (logo) => queryClient.setQueryData(logoKeys.current(), logo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logoKeys.all }),
  });
}
