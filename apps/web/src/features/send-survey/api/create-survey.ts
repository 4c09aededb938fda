import type { CreateSurveyInput, SentSurvey } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { responseKeys } from '@/features/responses/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { invalidateSentSurveys } from './invalidate-sent-surveys';

async function createSurvey(input: CreateSurveyInput): Promise<SentSurvey> {
  const response = await apiClient.post<SentSurvey>('/surveys/', input);
  return response.data;
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(responseKeys.delivery(survey.surveyId), { delivery: survey.delivery });
      return invalidateSentSurveys(queryClient);
    },
  });
}
