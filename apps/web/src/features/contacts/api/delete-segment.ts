import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `DELETE /contacts/segments/{id}`. */
async function deleteSegment(segmentId: string): Promise<void> {
  await apiClient.delete(`/contacts/segments/${encodeURIComponent(segmentId)}`);
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSegment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.segments() }),
  });
}
