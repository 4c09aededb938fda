import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SurveyDeliveryList } from './get-survey-delivery';
import { sendSurveyKeys } from './query-keys';

type RetryDeliveryInput = { surveyId: string; outboxId: string };

async function retryDelivery({ surveyId, outboxId }: RetryDeliveryInput): Promise<SurveyDeliveryList> {
  const response = await apiClient.post<SurveyDeliveryList>(
    `/surveys/${encodeURIComponent(surveyId)}/delivery/${encodeURIComponent(outboxId)}/retry`,
  );
  return response.data;
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (result, { surveyId }) => queryClient.setQueryData(sendSurveyKeys.delivery(surveyId), result),
  });
}
