import type { ContactSettings } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `PUT /workspace/contact-settings` (admins). */
async function updateContactSettings(input: ContactSettings): Promise<ContactSettings> {
  const response = await apiClient.put<ContactSettings>('/workspace/contact-settings', input);
  return response.data;
}

export function useUpdateContactSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactSettings,
    onSuccess: (saved) => queryClient.setQueryData(contactKeys.settings(), saved),
  });
}
