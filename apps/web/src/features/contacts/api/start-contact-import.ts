import type { ContactImport } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts/imports/{id}/start`: queues the import with this column mapping. */
async function startContactImport(input: {
  importId: string;
  mapping: Record<string, string>;
}): Promise<ContactImport> {
  const response = await apiClient.post<ContactImport>(
    `/contacts/imports/${encodeURIComponent(input.importId)}/start`,
    { mapping: input.mapping },
  );
  return response.data;
}

export function useStartContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startContactImport,
    onSuccess: (started) => queryClient.setQueryData(contactKeys.import(started.importId), started),
  });
}
