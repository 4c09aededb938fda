import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responseKeys } from './query-keys';

async function deleteSurvey(surveyId: string): Promise<void> {
  await apiClient.delete(`/surveys/${surveyId}`);
}

/** `DELETE /surveys/{id}`: the response goes from lists and summaries, so every responses query is stale. */
export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSurvey,
    onSuccess: (_data, surveyId) => {
      queryClient.removeQueries({ queryKey: responseKeys.detail(surveyId) });
      return queryClient.invalidateQueries({ queryKey: responseKeys.all });
    },
  });
}
