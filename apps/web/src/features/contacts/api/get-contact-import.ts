import type { ContactImport } from '@graphium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `GET /contacts/imports/{id}`: the progress, then the report. */
async function getContactImport(importId: string): Promise<ContactImport> {
  const response = await apiClient.get<ContactImport>(`/contacts/imports/${encodeURIComponent(importId)}`);
  return response.data;
}

/** Asks every second while the import runs; the directory is read again when it finishes. */
export function useContactImport(importId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: contactKeys.import(importId ?? ''),
    queryFn: () => getContactImport(importId!),
    enabled: importId !== undefined,
    refetchInterval: (current) => (current.state.data?.status === 'running' ? 1000 : false),
  });
  const isFinished = query.data?.status === 'finished';
  useEffect(() => {
    if (isFinished) void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  }, [isFinished, queryClient]);
  return query;
}
