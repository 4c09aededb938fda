import type { RespondentSurvey, RespondentSurveyReply } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind } from './template-kind';

/** The preview's path in the app, opened in a new tab (decision 022). */
export function templatePreviewPath(kind: TemplateKind, versionId: string): string {
  return `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}/preview`;
}

async function getTemplatePreview(kind: TemplateKind, versionId: string): Promise<RespondentSurvey> {
  const response = await apiClient.get<RespondentSurveyReply>(templatePreviewPath(kind, versionId));
  // The preview never locks: authentication is the page's to ask, from the definition's properties.
  if (response.data.requiresAuthentication) throw new Error('The preview came back locked.');
  return response.data;
}

function templatePreviewQueryOptions(kind: TemplateKind, versionId: string) {
  return queryOptions({
    queryKey: templateKeys.preview(kind, versionId),
    queryFn: () => getTemplatePreview(kind, versionId),
    enabled: versionId !== '',
    // Each opening reads the version as it is now; a draft's later edits need a reload, as a
    // respondent's page would.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useTemplatePreview(kind: TemplateKind, versionId: string) {
  return useQuery(templatePreviewQueryOptions(kind, versionId));
}
