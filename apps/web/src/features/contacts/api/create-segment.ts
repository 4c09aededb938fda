import type { ContactSegment, SaveSegmentInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts/segments`. */
async function createSegment(input: SaveSegmentInput): Promise<ContactSegment> {
  const response = await apiClient.post<ContactSegment>('/contacts/segments', input);
  return response.data;
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSegment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.segments() }),
  });
}
