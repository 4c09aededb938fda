import type { CreateSurveyInput, SentSurvey } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateSentSurveys } from './invalidate-sent-surveys';
import { sendSurveyKeys } from './query-keys';

async function createSurvey(input: CreateSurveyInput): Promise<SentSurvey> {
  const response = await apiClient.post<SentSurvey>('/surveys/', input);
  return response.data;
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(sendSurveyKeys.delivery(survey.surveyId), { delivery: survey.delivery });
      return invalidateSentSurveys(queryClient);
    },
  });
}
