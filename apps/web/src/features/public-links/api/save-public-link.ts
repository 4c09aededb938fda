import type { CreatePublicLink, PublicLink, UpdatePublicLink } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { publicLinkKeys } from './query-keys';

type SaveInput = { publicLinkId?: string | undefined; fields: UpdatePublicLink; surveyTemplateId: string };

/** Creates a link, or changes one when it has an id. */
async function savePublicLink({ publicLinkId, fields, surveyTemplateId }: SaveInput): Promise<PublicLink> {
  if (publicLinkId) {
    const response = await apiClient.put<PublicLink>(
      `/public-links/${encodeURIComponent(publicLinkId)}`,
      fields,
    );
    return response.data;
  }
  const body: CreatePublicLink = { ...fields, surveyTemplateId };
  const response = await apiClient.post<PublicLink>('/public-links', body);
  return response.data;
}

export function useSavePublicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePublicLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinkKeys.all }),
  });
}
