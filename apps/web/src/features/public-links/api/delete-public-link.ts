import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { publicLinkKeys } from './query-keys';

async function deletePublicLink(publicLinkId: string): Promise<{ message: string }> {
  const response = await apiClient.delete<{ message: string }>(
    `/public-links/${encodeURIComponent(publicLinkId)}`,
  );
  return response.data;
}

export function useDeletePublicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePublicLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicLinkKeys.all }),
  });
}
