import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';

interface TemplateDeletionReport {
  surveys: number;
  completedSurveys: number;
  versions: number;
}

async function deleteTemplate(input: {
  surveyTemplateId: string;
  confirmation: string;
}): Promise<TemplateDeletionReport> {
  const response = await apiClient.post<TemplateDeletionReport>('/template-deletions', input);
  return response.data;
}

/** Deletes a survey template with its responses (decision 044); every list and summary reads again. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.any }),
  });
}
