import type { ContactImport } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts/imports/{id}/retry`: runs a failed import again from where it stopped (decision 047). */
async function retryContactImport(importId: string): Promise<ContactImport> {
  const response = await apiClient.post<ContactImport>(
    `/contacts/imports/${encodeURIComponent(importId)}/retry`,
  );
  return response.data;
}

export function useRetryContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryContactImport,
    onSuccess: (retried) => queryClient.setQueryData(contactKeys.import(retried.importId), retried),
  });
}
