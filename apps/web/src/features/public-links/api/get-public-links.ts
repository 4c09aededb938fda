import type { PublicLinkList } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { publicLinkKeys } from './query-keys';

async function getPublicLinks(templateId: string): Promise<PublicLinkList> {
  const response = await apiClient.get<PublicLinkList>('/public-links', {
    params: { surveyTemplateId: templateId },
  });
  return response.data;
}

function publicLinksQueryOptions(templateId: string) {
  return queryOptions({
    queryKey: publicLinkKeys.list(templateId),
    queryFn: () => getPublicLinks(templateId),
  });
}

export function usePublicLinks(templateId: string) {
  return useQuery(publicLinksQueryOptions(templateId));
}
