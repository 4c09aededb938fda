import { fromVersionWire, type TemplateWire } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiBaseUrl, apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion } from './template-kind';

/**
 * `GET …/{versionId}/translations.csv` (decision 025): a plain link, so the browser saves the file
 * like the responses export.
 */
export function exportTranslationsUrl(kind: TemplateKind, versionId: string): string {
  return `${apiBaseUrl}${kindConfigs[kind].path}/${encodeURIComponent(versionId)}/translations.csv`;
}

async function importTranslations(
  kind: TemplateKind,
  versionId: string,
  input: { csv: string; updatedAt: string },
): Promise<TemplateVersion> {
  const response = await apiClient.post<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}/translations/import`,
    input,
  );
  return fromVersionWire(kind, response.data);
}

/** `POST …/{versionId}/translations/import`: a translator's CSV replaces its languages' texts. */
export function useImportTranslations(kind: TemplateKind, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: templateKeys.saves(kind, versionId),
    mutationFn: (input: { csv: string; updatedAt: string }) => importTranslations(kind, versionId, input),
    onSuccess: (version) => {
      queryClient.setQueryData(templateKeys.version(kind, versionId), version);
    },
  });
}
