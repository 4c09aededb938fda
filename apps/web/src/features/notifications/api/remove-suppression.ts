import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** The contact is stored normalised (lower-cased e-mail or phone digits), as the list shows it. */
async function removeSuppression(contact: string): Promise<void> {
  await apiClient.delete(`/workspace/suppressions/${encodeURIComponent(contact)}`);
}

export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSuppression,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.suppressions() }),
  });
}
