import type { ContactImportPreview, UploadContactImportInput } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST /contacts/imports`: the server reads the file and answers a preview and a mapping. */
async function uploadContactImport(input: UploadContactImportInput): Promise<ContactImportPreview> {
  const response = await apiClient.post<ContactImportPreview>('/contacts/imports', input);
  return response.data;
}

export function useUploadContactImport() {
  return useMutation({ mutationFn: uploadContactImport });
}
