import type { ExportFormat } from '@graphium/shared';
import { apiBaseUrl } from '@/lib/api-client';
import { toResponsesQuery } from './get-survey-responses';
import type { SurveyResponsesParams } from './query-keys';

/**
 * `GET /surveys/export?surveyTemplateId&filters&format` (docs/architecture.md): a plain link, so
 * the browser streams the file to disk instead of holding it in memory.
 */
export function exportResponsesUrl(
  params: Omit<SurveyResponsesParams, 'page' | 'limit' | 'include'>,
  format: ExportFormat,
): string {
  const query = new URLSearchParams({ ...toResponsesQuery(params), format });
  return `${apiBaseUrl}/surveys/export?${query.toString()}`;
}
