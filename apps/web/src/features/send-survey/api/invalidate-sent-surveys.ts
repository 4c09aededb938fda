import type { QueryClient } from '@tanstack/react-query';
import { responseKeys } from '@/features/responses/api/query-keys';
import { templateKeys } from '@/features/survey-templates/api/query-keys';

/**
 * After a send: the template's responses list and summary include the new surveys at once (they
 * would otherwise wait out their 2-minute freshness), and so do the templates' counts.
 */
export function invalidateSentSurveys(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: responseKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: templateKeys.any }),
  ]);
}
